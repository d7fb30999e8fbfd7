package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a BFCL memory category ({@code memory_kv}, {@code memory_rec_sum}, {@code memory_vector}) from bfcl-eval's data
 * folder as its {@code load_dataset_entry} and {@code process_memory_test_case} do: the questions of
 * {@code BFCL_v4_memory.json} (one turn each, a {@code scenario}), their possible answers
 * ({@code possible_answer/BFCL_v4_memory.json}, texts), each scenario's prerequisite conversations
 * ({@code memory_prereq_conversation/memory_<scenario>.json}, in file order) and the backend's function docs
 * ({@code multi_turn_func_doc/memory_<type>.json}); every id renamed for the category ({@code memory_} becomes
 * {@code memory_kv_}). A question that cannot be used is left out with its line and why.
 */
public final class BfclMemoryImporter {
    public static final String TESTS = "BFCL_v4_memory.json";
    public static final String PREREQUISITES = "memory_prereq_conversation";

    private BfclMemoryImporter() {}

    /** The eval set and the question rows left out. */
    public record Result(BfclMemoryEvalSet evalSet, List<BfclImporter.RejectedRow> rejected) {}

    /** Reads {@code category} from {@code tests} ({@code BFCL_v4_memory.json}) and the files bfcl-eval ships beside it. */
    public static Result read(Path tests, String category) {
        BfclMemoryBackend backend = BfclMemoryBackend.of(category);
        Path data = tests.toAbsolutePath().getParent();
        Path answers = data.resolve("possible_answer").resolve(TESTS);
        Path docs = data.resolve("multi_turn_func_doc").resolve(backend.docFile());
        for (Path needed : List.of(answers, docs, data.resolve(PREREQUISITES))) {
            if (!Files.exists(needed)) {
                throw new IllegalArgumentException("BFCL category " + category + " needs " + needed + " beside " + tests.getFileName()
                        + " (bfcl-eval's bfcl_eval/data layout), and it is missing");
            }
        }
        Map<String, List<String>> possible = BfclTestRows.answerTexts(answers);
        List<BfclMemoryQuestion> questions = new ArrayList<>();
        Map<String, List<BfclMemoryPrerequisite>> scenarios = new LinkedHashMap<>();
        List<BfclImporter.RejectedRow> rejected = BfclTestRows.read(tests, (row, id) -> {
            BfclMemoryQuestion q = question(row, id, category, possible);
            if (!scenarios.containsKey(q.scenario())) {
                scenarios.put(q.scenario(), prerequisites(data.resolve(PREREQUISITES).resolve("memory_" + q.scenario() + ".json"), category));
            }
            questions.add(q);
        });
        BfclMemoryEvalSet set = new BfclMemoryEvalSet(category, backend.className(), tests.toString(),
                BfclMultiTurnImporter.functionDocFile(docs), scenarios, questions);
        return new Result(set, rejected);
    }

    private static BfclMemoryQuestion question(JsonNode row, String id, String category, Map<String, List<String>> possible) {
        if (!id.startsWith("memory_")) {
            throw new IllegalArgumentException("id '" + id + "' is not a memory question");
        }
        String scenario = row.path("scenario").asText("");
        if (scenario.isBlank() || !scenario.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("no 'scenario' (a lower-case name)");
        }
        return new BfclMemoryQuestion(id.replace("memory", category), scenario, BfclTestRows.oneTurn(row),
                BfclTestRows.answersOf(possible, id));
    }

    private static List<BfclMemoryPrerequisite> prerequisites(Path file, String category) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no prerequisite conversations for its scenario: " + file + " is missing");
        }
        List<BfclMemoryPrerequisite> out = new ArrayList<>();
        BfclTestRows.eachLine(file, "BFCL memory prerequisite file", (line, row) -> {
            List<List<Map<String, Object>>> turns;
            try {
                turns = Json.MAPPER.convertValue(row.path("question"), new TypeReference<List<List<Map<String, Object>>>>() {});
            } catch (IllegalArgumentException e) {
                turns = null;
            }
            if (!row.path("id").isTextual() || turns == null || turns.isEmpty()) {
                throw new IllegalArgumentException("BFCL memory prerequisite file " + file + " line " + line
                        + ": no 'id' or no 'question' turns (lists of messages)");
            }
            out.add(new BfclMemoryPrerequisite(row.path("id").asText().replace("memory", category), row.path("topic").asText(""), turns));
        });
        return out;
    }
}
