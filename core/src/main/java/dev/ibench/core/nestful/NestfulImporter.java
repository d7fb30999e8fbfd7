package dev.ibench.core.nestful;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonRows;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a NESTful data file (JSON Lines, one row {@code {sample_id, input, output, tools, gold_answer}} per line, or a
 * JSON array of such rows) into eval samples of dataset {@code nestful}. Calls keep their labels and nested references
 * as spelled ({@link NestfulReference}); tools keep their {@code parameters} and {@code output_parameters}. A row that
 * cannot be used is not imported and is reported with its line and the reason; the other rows still are.
 */
public final class NestfulImporter {
    public static final String DATASET = "nestful";

    private NestfulImporter() {}

    /** One row left out and why. {@code line} counts from 1 (the element number for a JSON array). */
    public record RejectedRow(int line, String sampleId, String reason) {}

    public record Result(List<EvalSample> samples, List<RejectedRow> rejected) {}

    public static Result read(Path file) {
        List<String> rows = JsonRows.read("NESTful file", file);
        List<EvalSample> samples = new ArrayList<>();
        List<RejectedRow> rejected = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            String row = rows.get(i);
            if (row.isBlank()) {
                continue;
            }
            int line = i + 1;
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(row);
            } catch (IOException e) {
                rejected.add(new RejectedRow(line, null, "not valid JSON: " + e.getMessage().lines().findFirst().orElse("")));
                continue;
            }
            String id = node.path("sample_id").isValueNode() ? node.path("sample_id").asText() : null;
            try {
                EvalSample sample = convert(node, id);
                if (!ids.add(sample.sampleId())) {
                    throw new IllegalArgumentException("duplicate sample_id '" + sample.sampleId() + "'");
                }
                samples.add(sample);
            } catch (IllegalArgumentException e) {
                rejected.add(new RejectedRow(line, id, e.getMessage()));
            }
        }
        return new Result(samples, rejected);
    }

    private static EvalSample convert(JsonNode node, String id) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("row is not a JSON object");
        }
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("no sample_id");
        }
        String input = node.path("input").asText("");
        if (input.isBlank()) {
            throw new IllegalArgumentException("no 'input' question");
        }
        if (!node.has("gold_answer")) {
            throw new IllegalArgumentException("no 'gold_answer'");
        }
        List<Map<String, Object>> tools = tools(node.path("tools"));
        Set<String> toolNames = new HashSet<>();
        tools.forEach(t -> toolNames.add(String.valueOf(t.get("name"))));
        List<ToolCall> calls = calls(node.path("output"), toolNames);
        Object gold = Json.MAPPER.convertValue(node.get("gold_answer"), Object.class);
        return new EvalSample(id, DATASET, input, null, gold, calls, null, tools, List.of());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tools(JsonNode tools) {
        if (!tools.isArray() || tools.isEmpty()) {
            throw new IllegalArgumentException("'tools' is not a non-empty array");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (JsonNode tool : tools) {
            if (!tool.path("name").isTextual() || tool.path("name").asText().isBlank()) {
                throw new IllegalArgumentException("a tool has no name");
            }
            out.add(Json.MAPPER.convertValue(tool, LinkedHashMap.class));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<ToolCall> calls(JsonNode output, Set<String> toolNames) {
        JsonNode sequence = output;
        if (output.isTextual()) {
            try {
                sequence = Json.MAPPER.readTree(output.asText());
            } catch (IOException e) {
                throw new IllegalArgumentException("'output' is a string that is not a JSON list of calls");
            }
        }
        if (!sequence.isArray() || sequence.isEmpty()) {
            throw new IllegalArgumentException("'output' is not a non-empty list of calls");
        }
        List<ToolCall> calls = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < sequence.size(); i++) {
            JsonNode call = sequence.get(i);
            String name = call.path("name").asText("");
            if (name.isBlank()) {
                throw new IllegalArgumentException("call #" + (i + 1) + " has no name");
            }
            if (!toolNames.contains(name)) {
                throw new IllegalArgumentException("call #" + (i + 1) + " '" + name + "' is not among the row's tools");
            }
            JsonNode args = call.has("arguments") ? call.get("arguments") : call.path("parameters");
            if (!args.isObject() && !args.isMissingNode() && !args.isNull()) {
                throw new IllegalArgumentException("call #" + (i + 1) + " '" + name + "' has arguments that are not an object");
            }
            Map<String, Object> arguments = args.isObject() ? Json.MAPPER.convertValue(args, LinkedHashMap.class) : new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : arguments.entrySet()) {
                checkReferences(e.getValue(), labels, "call #" + (i + 1) + " '" + name + "' argument '" + e.getKey() + "'");
            }
            String label = call.path("label").isTextual() ? call.get("label").asText() : null;
            if (label != null) {
                labels.add(NestfulReference.normalizeLabel(label));
            }
            calls.add(new ToolCall(name, arguments, label));
        }
        return calls;
    }

    private static void checkReferences(Object value, Set<String> earlierLabels, String where) {
        if (value instanceof List<?> list) {
            list.forEach(v -> checkReferences(v, earlierLabels, where));
            return;
        }
        NestfulReference.parse(value).ifPresent(ref -> {
            if (!earlierLabels.contains(ref.label())) {
                throw new IllegalArgumentException(where + " refers to '" + value + "', but no earlier call is labelled $" + ref.label());
            }
        });
    }
}
