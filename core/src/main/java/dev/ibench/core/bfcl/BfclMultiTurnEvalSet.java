package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.TextFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A BFCL multi-turn eval set as {@code ibench import bfcl} writes it: {@code {"style": "bfcl_multi_turn", "category",
 * "source", "function_docs": {class: [function descriptions]}, "data": [entries]}}, each entry a
 * {@link BfclMultiTurnEntry} ({@code id}, {@code category}, {@code turns}, {@code involved_classes},
 * {@code initial_config}, {@code missed_function}, {@code ground_truth}). The function docs are stored once per class.
 */
public record BfclMultiTurnEvalSet(String category, String source, Map<String, List<Map<String, Object>>> functionDocs,
        List<BfclMultiTurnEntry> entries) {
    public static final String STYLE = "bfcl_multi_turn";

    public ObjectNode toJson() {
        ObjectNode set = Json.MAPPER.createObjectNode();
        set.put("style", STYLE);
        set.put("category", category);
        set.put("source", source);
        set.set("function_docs", Json.MAPPER.valueToTree(functionDocs));
        set.set("data", Json.MAPPER.valueToTree(entries));
        return set;
    }

    /** Whether {@code file} is a JSON object of style {@value #STYLE} (false for anything unreadable). */
    public static boolean isOne(Path file) {
        return EvalSetStyle.is(file, STYLE);
    }

    /** Reads an eval set written by the importer; a clear error naming the file when it is not one. */
    public static BfclMultiTurnEvalSet read(Path file) {
        String text = TextFiles.read(file, "BFCL multi-turn eval set");
        try {
            JsonNode set = Json.MAPPER.readTree(text);
            if (set == null || !STYLE.equals(set.path("style").asText())) {
                throw new IllegalArgumentException("BFCL multi-turn eval set " + file + ": not a multi-turn eval set (style is not '" + STYLE + "')");
            }
            return new BfclMultiTurnEvalSet(set.path("category").asText(), set.path("source").asText(),
                    Json.MAPPER.convertValue(set.path("function_docs"), new TypeReference<Map<String, List<Map<String, Object>>>>() {}),
                    Json.MAPPER.convertValue(set.path("data"), new TypeReference<List<BfclMultiTurnEntry>>() {}));
        } catch (IOException | IllegalArgumentException e) {
            if (e instanceof IllegalArgumentException iae && iae.getMessage() != null && iae.getMessage().startsWith("BFCL multi-turn eval set")) {
                throw iae;
            }
            throw new IllegalArgumentException("BFCL multi-turn eval set " + file + ": not readable: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }
}
