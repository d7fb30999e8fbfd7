package dev.ibench.workers.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Benchmark and test data: an eval set of {@code n} SLOT samples made from the seed's first ICL example, each with its
 * own id and a distinct question (so every prompt, and every cache key, differs), starting from the bundled
 * superhero table so that predictions really execute.
 */
public final class SyntheticEvalSet {
    /** The hidden join step of a one-table sample over the bundled BIRD superhero database. */
    private static final JsonNode SUPERHERO_TABLE = parse("""
            {"name": "initialize_active_data", "arguments": {"condition_sequence": []},
             "alias_to_table_dict": {"T1": {"original_table_name": "superhero", "modified_table_name": "superhero"}},
             "database_path": "bird/dev_databases/superhero/superhero.sqlite", "label": "starting_table_var"}
            """);

    private SyntheticEvalSet() {}

    private static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Path write(Path file, int n) throws IOException {
        JsonNode template;
        try (InputStream in = SyntheticEvalSet.class.getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            template = Json.MAPPER.readTree(in).get("data").get(0);
        }
        ArrayNode samples = Json.MAPPER.createArrayNode();
        for (int i = 0; i < n; i++) {
            ObjectNode sample = template.deepCopy();
            sample.put("sample_id", String.format("s%04d", i));
            sample.put("input", template.get("input").asText() + " (variant " + i + ")");
            sample.set("initialization_step", SUPERHERO_TABLE);
            samples.add(sample);
        }
        Json.MAPPER.writeValue(file.toFile(), samples);
        return file;
    }
}
