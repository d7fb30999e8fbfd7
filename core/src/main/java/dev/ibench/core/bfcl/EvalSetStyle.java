package dev.ibench.core.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Path;

/** The {@code style} an eval set file declares, which tells the BFCL multi-turn and memory sets from sets of samples. */
final class EvalSetStyle {
    private EvalSetStyle() {}

    /** Whether {@code file} is a JSON object whose {@code style} is {@code style} (false for anything unreadable). */
    static boolean is(Path file, String style) {
        try {
            JsonNode set = Json.MAPPER.readTree(file.toFile());
            return set != null && style.equals(set.path("style").asText());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
