package dev.ibench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;

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

    /**
     * Like {@link #write}, but each sample's gold is a sequence over the superhero table (superheroes taller than
     * a per-sample height, heaviest first, the first one's name) whose gold answer is computed by the tool runtime
     * over {@code dataRoot}, so an oracle's answers execute and complete as real predictions would.
     */
    public static Path writeExecutable(Path file, int n, Path dataRoot) throws IOException {
        write(file, n);
        ArrayNode samples = (ArrayNode) Json.MAPPER.readTree(file.toFile());
        for (int i = 0; i < n; i++) {
            int minHeight = 150 + i % 60;
            ObjectNode sample = (ObjectNode) samples.get(i);
            sample.put("input", "Which superhero taller than " + minHeight + " cm is the heaviest? (variant " + i + ")");
            sample.set("output", parse("""
                    [{"name": "filter_data", "arguments": {"data_source": "$starting_table_var$", "key_name": "superhero_height_cm",
                      "value": %d, "condition": "greater_than"}, "label": "FILTERED_DF_0"},
                     {"name": "sort_data", "arguments": {"data_source": "$FILTERED_DF_0$", "key_name": "superhero_weight_kg",
                      "ascending": false}, "label": "SORTED_DF"},
                     {"name": "retrieve_data", "arguments": {"data_source": "$SORTED_DF$", "key_name": "superhero_superhero_name",
                      "distinct": false, "limit": 1}, "label": "SELECT_COL_0"}]
                    """.formatted(minHeight)));
        }
        Json.MAPPER.writeValue(file.toFile(), samples);
        List<EvalSample> parsed = EvalSetReader.read(file);
        try (ToolRuntime runtime = new ToolRuntime(dataRoot)) {
            for (int i = 0; i < n; i++) {
                ExecutionOutcome gold = runtime.execute(parsed.get(i), parsed.get(i).output());
                if (!gold.ok()) {
                    throw new IllegalStateException(file + ": synthetic gold sequence of sample " + i + " failed: " + gold.observations());
                }
                ((ObjectNode) samples.get(i)).set("gold_answer", Json.MAPPER.valueToTree(gold.answer()));
            }
        }
        Json.MAPPER.writeValue(file.toFile(), samples);
        return file;
    }
}
