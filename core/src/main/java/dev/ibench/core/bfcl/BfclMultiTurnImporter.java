package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a BFCL multi-turn category ({@code multi_turn_base}, {@code multi_turn_miss_func}, {@code multi_turn_miss_param},
 * {@code multi_turn_long_context}): the test file ({@code {id, question, initial_config, involved_classes,
 * missed_function?}} per line), its possible answers ({@code {id, ground_truth}}: per turn a list of call texts) and the
 * function docs folder ({@code multi_turn_func_doc/*.json}, one file per backend class, named as bfcl-eval's
 * {@code MULTI_TURN_FUNC_DOC_FILE_MAPPING} names it). A row that cannot be used is left out with its line and why.
 */
public final class BfclMultiTurnImporter {
    public static final List<String> CATEGORIES = List.of("multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param",
            "multi_turn_long_context");

    /** bfcl-eval's {@code MULTI_TURN_FUNC_DOC_FILE_MAPPING} for the classes of the multi-turn categories. */
    public static final Map<String, String> DOC_FILES = docFiles();

    private static Map<String, String> docFiles() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("GorillaFileSystem", "gorilla_file_system.json");
        m.put("MathAPI", "math_api.json");
        m.put("MessageAPI", "message_api.json");
        m.put("TwitterAPI", "posting_api.json");
        m.put("TicketAPI", "ticket_api.json");
        m.put("TradingBot", "trading_bot.json");
        m.put("TravelAPI", "travel_booking.json");
        m.put("VehicleControlAPI", "vehicle_control.json");
        return Map.copyOf(m);
    }

    private BfclMultiTurnImporter() {}

    /** Entries imported, rows left out, and the function docs of every class the entries involve. */
    public record Result(List<BfclMultiTurnEntry> entries, List<BfclImporter.RejectedRow> rejected,
            Map<String, List<Map<String, Object>>> functionDocs) {}

    public static boolean isMultiTurn(String category) {
        return category != null && CATEGORIES.contains(category.trim().toLowerCase(java.util.Locale.ROOT));
    }

    public static Result read(Path tests, Path answers, Path docsFolder, String category) {
        if (!isMultiTurn(category)) {
            throw new IllegalArgumentException("not a BFCL multi-turn category: '" + category + "' (valid: " + String.join(", ", CATEGORIES) + ")");
        }
        if (answers == null) {
            throw new IllegalArgumentException("BFCL category " + category + " is scored against its ground truth: give --answers");
        }
        if (docsFolder == null || !Files.isDirectory(docsFolder)) {
            throw new IllegalArgumentException("BFCL category " + category + " needs the multi-turn function docs: give --function-docs DIR "
                    + "(bfcl-eval's bfcl_eval/data/multi_turn_func_doc)" + (docsFolder == null ? "" : "; no such folder: " + docsFolder));
        }
        Map<String, Object> groundTruth = groundTruthById(answers);
        Map<String, List<Map<String, Object>>> docs = new LinkedHashMap<>();
        List<BfclMultiTurnEntry> entries = new ArrayList<>();
        List<BfclImporter.RejectedRow> rejected = BfclTestRows.read(tests, (row, id) -> {
            if (!id.startsWith(category + "_")) {
                throw new IllegalArgumentException("id '" + id + "' is not of category " + category);
            }
            BfclMultiTurnEntry entry = entry(row, id, category, groundTruth, answers);
            for (String cls : entry.involvedClasses()) {
                if (!docs.containsKey(cls)) {
                    docs.put(cls, docs(docsFolder, cls));
                }
            }
            entries.add(entry);
        });
        return new Result(entries, rejected, docs);
    }

    private static BfclMultiTurnEntry entry(JsonNode row, String id, String category, Map<String, Object> groundTruth, Path answers) {
        if (!row.path("question").isArray() || row.path("question").isEmpty()) {
            throw new IllegalArgumentException("no 'question' turns");
        }
        List<List<Map<String, Object>>> turns = new ArrayList<>();
        for (JsonNode turn : row.path("question")) {
            if (!turn.isArray()) {
                throw new IllegalArgumentException("'question' is not a list of turns (lists of messages)");
            }
            turns.add(Json.MAPPER.convertValue(turn, new TypeReference<List<Map<String, Object>>>() {}));
        }
        List<String> classes = row.path("involved_classes").isArray()
                ? Json.MAPPER.convertValue(row.path("involved_classes"), new TypeReference<List<String>>() {}) : null;
        if (classes == null || classes.isEmpty()) {
            throw new IllegalArgumentException("no 'involved_classes'");
        }
        for (String cls : classes) {
            if (!DOC_FILES.containsKey(cls)) {
                throw new IllegalArgumentException("involved class '" + cls + "' is not a multi-turn backend (known: "
                        + String.join(", ", DOC_FILES.keySet().stream().sorted().toList()) + ")");
            }
        }
        Map<String, Object> config = row.path("initial_config").isObject()
                ? Json.MAPPER.convertValue(row.path("initial_config"), new TypeReference<LinkedHashMap<String, Object>>() {}) : Map.of();
        Map<String, List<String>> missed = row.path("missed_function").isObject()
                ? Json.MAPPER.convertValue(row.path("missed_function"), new TypeReference<LinkedHashMap<String, List<String>>>() {}) : Map.of();
        for (String turn : missed.keySet()) {
            int t;
            try {
                t = Integer.parseInt(turn);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("missed_function turn '" + turn + "' is not a number");
            }
            if (t < 0 || t >= turns.size()) {
                throw new IllegalArgumentException("missed_function turn " + t + " is outside the " + turns.size() + " turns");
            }
        }
        Object raw = groundTruth.get(id);
        if (raw == null) {
            throw new IllegalArgumentException("no ground truth with id '" + id + "' in " + answers.getFileName());
        }
        List<List<String>> gt;
        try {
            gt = Json.MAPPER.convertValue(raw, new TypeReference<List<List<String>>>() {});
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ground truth is not a list of turns of call texts");
        }
        if (gt.size() != turns.size()) {
            throw new IllegalArgumentException("ground truth has " + gt.size() + " turns, the question " + turns.size());
        }
        return new BfclMultiTurnEntry(id, category, turns, classes, config, missed, gt);
    }

    private static Map<String, Object> groundTruthById(Path file) {
        Map<String, Object> byId = new HashMap<>();
        List<String> rows = JsonRows.read("BFCL possible-answer file", file);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode row = Json.MAPPER.readTree(rows.get(i));
                JsonNode gt = row.path("ground_truth");
                if (!gt.isArray() || !gt.elements().hasNext() || !gt.get(0).isArray()) {
                    throw new IllegalArgumentException("BFCL possible-answer file " + file + " line " + (i + 1)
                            + ": 'ground_truth' is not a list of turns of call texts (not a multi-turn possible answer)");
                }
                byId.put(row.path("id").asText(), Json.MAPPER.convertValue(gt, Object.class));
            } catch (IOException e) {
                throw new IllegalArgumentException("BFCL possible-answer file " + file + " line " + (i + 1) + ": not valid JSON: "
                        + e.getMessage().lines().findFirst().orElse(""), e);
            }
        }
        return byId;
    }

    private static List<Map<String, Object>> docs(Path folder, String cls) {
        Path file = folder.resolve(DOC_FILES.get(cls));
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no function docs for class " + cls + ": " + file + " is missing");
        }
        return functionDocFile(file);
    }

    /** The function descriptions of one {@code multi_turn_func_doc} file, one JSON object a line. */
    static List<Map<String, Object>> functionDocFile(Path file) {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (String line : JsonRows.read("BFCL function doc file", file)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                docs.add(Json.MAPPER.readValue(line, new TypeReference<LinkedHashMap<String, Object>>() {}));
            } catch (IOException e) {
                throw new IllegalArgumentException("BFCL function doc file " + file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        return docs;
    }
}
