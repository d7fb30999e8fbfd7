package dev.ibench.testing.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * SmolLM2's recorded answers on a seeded sample of one BFCL v4 single-turn category, written by
 * bench/run-bfcl-smollm2-record.sh: resource {@code bfcl/<profile>/<category>.json} for the profiles {@link #PROFILES}
 * (free text, and output constrained to the tool-call schema). Each holds the model, profile, prompt template, parser
 * chain, decoding and seed, and per sample its id, raw output, finish reason and decoded calls.
 */
public final class SmolLm2Fixtures {
    public static final List<String> PROFILES = List.of("smollm2", "smollm2-json");

    private SmolLm2Fixtures() {}

    /** The fixture of {@code category} recorded with {@code profile}, if one was recorded. */
    public static Optional<JsonNode> find(String profile, String category) {
        String resource = "/bfcl/" + profile + "/" + category + ".json";
        try (InputStream in = SmolLm2Fixtures.class.getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(Json.MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
