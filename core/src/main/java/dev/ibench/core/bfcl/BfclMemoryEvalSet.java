package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.TextFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A BFCL memory eval set as {@code ibench import bfcl} writes it: {@code {"style": "bfcl_memory", "category":
 * "memory_kv", "backend": "MemoryAPI_kv", "source", "function_docs": [the backend's function descriptions],
 * "scenarios": {scenario: [prerequisite conversations, in order]}, "data": [questions]}}.
 * <p>As bfcl-eval runs it: a scenario's prerequisite conversations run first, in order, each starting from the memory
 * the one before left (the first from an empty memory), and the memory after the last is the scenario's final snapshot;
 * every question of the scenario then starts from that snapshot (questions do not write it back). A conversation here is
 * a {@link BfclMultiTurnEntry} of the backend class whose {@code initial_config} carries the memory to start from
 * ({@link #prerequisiteEntry}, {@link #questionEntry}).
 */
public record BfclMemoryEvalSet(String category, String backend, String source, List<Map<String, Object>> functionDocs,
        Map<String, List<BfclMemoryPrerequisite>> scenarios, List<BfclMemoryQuestion> questions) {
    public static final String STYLE = "bfcl_memory";

    /** The prerequisite conversation as a multi-turn entry starting from {@code snapshot} (the memory file's text; null: empty). */
    public BfclMultiTurnEntry prerequisiteEntry(String scenario, BfclMemoryPrerequisite p, String snapshot) {
        List<List<String>> noGroundTruth = new ArrayList<>();
        p.turns().forEach(t -> noGroundTruth.add(List.of()));
        return new BfclMultiTurnEntry(p.id(), category + "_prereq", p.turns(), List.of(backend), config(scenario, p.id(), snapshot),
                Map.of(), noGroundTruth);
    }

    /** The question as a one-turn entry starting from the scenario's final snapshot. */
    public BfclMultiTurnEntry questionEntry(BfclMemoryQuestion q, String finalSnapshot) {
        return new BfclMultiTurnEntry(q.id(), category, List.of(q.question()), List.of(backend), config(q.scenario(), q.id(), finalSnapshot),
                Map.of(), List.of(List.of()));
    }

    private Map<String, Object> config(String scenario, String id, String snapshot) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("memory_snapshot", snapshot);
        c.put("scenario", scenario);
        c.put("test_id", id);
        return Map.of(backend, c);
    }

    /** The question of id {@code id}; a clear error naming it when the set has none. */
    public BfclMemoryQuestion question(String id) {
        return questions.stream().filter(q -> q.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the BFCL memory eval set (" + category + ") has no question '" + id + "'"));
    }

    /** The prerequisite conversations of {@code scenario}, in order; a clear error naming it when the set has none. */
    public List<BfclMemoryPrerequisite> prerequisites(String scenario) {
        List<BfclMemoryPrerequisite> p = scenarios.get(scenario);
        if (p == null) {
            throw new IllegalArgumentException("the BFCL memory eval set (" + category + ") has no scenario '" + scenario + "'");
        }
        return p;
    }

    /** The scenarios of the questions {@code questionIds}, each once, in the order they first occur. */
    public List<String> scenariosOf(List<String> questionIds) {
        return questionIds.stream().map(id -> question(id).scenario()).distinct().toList();
    }

    /** The questions of one scenario, in the set's order. */
    public List<BfclMemoryQuestion> questionsOf(String scenario) {
        return questions.stream().filter(q -> q.scenario().equals(scenario)).toList();
    }

    public ObjectNode toJson() {
        ObjectNode set = Json.MAPPER.createObjectNode();
        set.put("style", STYLE);
        set.put("category", category);
        set.put("backend", backend);
        set.put("source", source);
        set.set("function_docs", Json.MAPPER.valueToTree(functionDocs));
        set.set("scenarios", Json.MAPPER.valueToTree(scenarios));
        set.set("data", Json.MAPPER.valueToTree(questions));
        return set;
    }

    /** Whether {@code file} is a JSON object of style {@value #STYLE} (false for anything unreadable). */
    public static boolean isOne(Path file) {
        return EvalSetStyle.is(file, STYLE);
    }

    /** Reads an eval set written by the importer; a clear error naming the file when it is not one. */
    public static BfclMemoryEvalSet read(Path file) {
        String text = TextFiles.read(file, "BFCL memory eval set");
        JsonNode set;
        try {
            set = Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("BFCL memory eval set " + file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        if (set == null || !STYLE.equals(set.path("style").asText())) {
            throw new IllegalArgumentException("BFCL memory eval set " + file + ": not a memory eval set (style is not '" + STYLE + "')");
        }
        try {
            return new BfclMemoryEvalSet(set.path("category").asText(), set.path("backend").asText(), set.path("source").asText(),
                    Json.MAPPER.convertValue(set.path("function_docs"), new TypeReference<List<Map<String, Object>>>() {}),
                    Json.MAPPER.convertValue(set.path("scenarios"), new TypeReference<LinkedHashMap<String, List<BfclMemoryPrerequisite>>>() {}),
                    Json.MAPPER.convertValue(set.path("data"), new TypeReference<List<BfclMemoryQuestion>>() {}));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("BFCL memory eval set " + file + ": not readable: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }
}
