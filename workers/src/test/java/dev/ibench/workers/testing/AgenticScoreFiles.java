package dev.ibench.workers.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Compares an exported agentic score file (web search, memory) with the one bfcl-eval's own {@code agentic_runner} wrote
 * for the exported result file: the header line, and every failing line's fields but {@code prompt} (bfcl-eval's holds
 * the entry as its own prompt file has it; ibench's the entry it ran) and {@code inference_log} (ibench keeps none).
 */
public final class AgenticScoreFiles {
    private static final List<String> COMPARED = List.of("id", "model_name", "test_category", "valid", "error", "model_result_raw",
            "last_non_fc_message", "model_result", "model_result_decoded", "possible_answer");

    private AgenticScoreFiles() {}

    /** Asserts {@code ours} equals {@code theirs} as said above; the number of failing lines. */
    public static int assertEqual(String category, Path ours, Path theirs) throws IOException {
        List<JsonNode> our = lines(ours);
        List<JsonNode> their = lines(theirs);
        assertThat(our.get(0)).as(category + " header").isEqualTo(their.get(0));
        assertThat(our).as(category + " score lines").hasSameSizeAs(their);
        for (int i = 1; i < their.size(); i++) {
            for (String field : COMPARED) {
                assertThat(our.get(i).get(field)).as(category + " failing line " + i + ": " + field).isEqualTo(their.get(i).get(field));
            }
        }
        return their.size() - 1;
    }

    /** A JSON Lines file's lines. */
    public static List<JsonNode> lines(Path file) throws IOException {
        return Json.MAPPER.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll();
    }
}
