package dev.ibench.workers.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Test data: an eval set of {@code n} SLOT samples made from the seed's first ICL example, each with its
 * own id and a distinct question (so every prompt, and every cache key, differs).
 */
final class SyntheticEvalSet {
    private SyntheticEvalSet() {}

    static Path write(Path file, int n) throws IOException {
        JsonNode template;
        try (InputStream in = SyntheticEvalSet.class.getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            template = Json.MAPPER.readTree(in).get("data").get(0);
        }
        ArrayNode samples = Json.MAPPER.createArrayNode();
        for (int i = 0; i < n; i++) {
            ObjectNode sample = template.deepCopy();
            sample.put("sample_id", String.format("s%04d", i));
            sample.put("input", template.get("input").asText() + " (variant " + i + ")");
            sample.putObject("initialization_step").put("name", "initialize_active_data");
            samples.add(sample);
        }
        Json.MAPPER.writeValue(file.toFile(), samples);
        return file;
    }
}
