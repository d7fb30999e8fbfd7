package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonRows;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a BFCL test file (JSON Lines of {@code {id, question, function}}, or a JSON array) and, for AST categories, its
 * possible-answer file ({@code {id, ground_truth}}) into eval samples of dataset {@code bfcl_<category>}:
 * {@code tools} are the test's function descriptions unchanged (BFCL types such as {@code dict}, {@code float},
 * {@code tuple} stay, for the AST checker), {@code gold_answer} is the possible answer (every acceptable value),
 * {@code output} its first acceptable calls. Irrelevance samples have no gold calls. A row that cannot be used is
 * listed with its line and why: no possible answer, a possible answer naming a function the test does not define, or
 * a multi-turn question. A row whose possible answer its own first acceptable calls do not pass (a data error) is
 * imported and listed as defective: BFCL's scorer counts it, and no answer passes it.
 */
public final class BfclImporter {
    private BfclImporter() {}

    public record RejectedRow(int line, String id, String reason) {}

    /**
     * Rows imported and rows left out. A defective row is imported too (its possible answer's own first acceptable
     * calls fail the AST check, so no model can pass it): BFCL's scorer keeps such rows in the denominator.
     */
    public record Result(List<EvalSample> samples, List<RejectedRow> rejected, List<RejectedRow> defective) {}

    public static Result read(Path tests, Path answersOrNull, BfclCategory category) {
        if (category.needsAnswers() && answersOrNull == null) {
            throw new IllegalArgumentException("BFCL category " + category.key() + " is checked against possible answers: give --answers");
        }
        if (!category.needsAnswers() && answersOrNull != null) {
            throw new IllegalArgumentException("BFCL category " + category.key() + " has no possible answers (no call or any call is correct): drop --answers");
        }
        Map<String, JsonNode> answers = answersOrNull == null ? Map.of() : answersById(answersOrNull);
        List<String> rows = JsonRows.read("BFCL test file", tests);
        BfclFileCategory.require(tests, rows, category);
        List<EvalSample> samples = new ArrayList<>();
        List<RejectedRow> rejected = new ArrayList<>();
        List<RejectedRow> defective = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).isBlank()) {
                continue;
            }
            JsonNode row;
            try {
                row = Json.MAPPER.readTree(rows.get(i));
            } catch (IOException e) {
                rejected.add(new RejectedRow(i + 1, null, "not valid JSON: " + e.getMessage().lines().findFirst().orElse("")));
                continue;
            }
            String id = row.path("id").isValueNode() ? row.path("id").asText() : null;
            try {
                if (id == null || id.isBlank()) {
                    throw new IllegalArgumentException("no 'id'");
                }
                if (!ids.add(id)) {
                    throw new IllegalArgumentException("duplicate id '" + id + "'");
                }
                int lineNo = i + 1;
                EvalSample sample = convert(row, id, category, answers.get(id), answersOrNull);
                samples.add(sample);
                defect(sample, category).ifPresent(reason -> defective.add(new RejectedRow(lineNo, id, reason)));
            } catch (IllegalArgumentException e) {
                rejected.add(new RejectedRow(i + 1, id, e.getMessage()));
            }
        }
        return new Result(samples, rejected, defective);
    }

    /** Why an imported AST sample's possible answer rejects its own first acceptable calls, if it does. */
    private static java.util.Optional<String> defect(EvalSample sample, BfclCategory category) {
        if (!category.needsAnswers()) {
            return java.util.Optional.empty();
        }
        BfclTestCase test = new BfclTestCase(sample.sampleId(), category.key(), sample.tools());
        List<Map<String, Map<String, List<Object>>>> expected = Json.MAPPER.convertValue(sample.goldAnswer(), new TypeReference<>() {});
        BfclCheckResult self = BfclAstChecker.check(test, new BfclPossibleAnswer(sample.sampleId(), expected), sample.output());
        return self.valid() ? java.util.Optional.empty()
                : java.util.Optional.of("the possible answer's own first acceptable calls fail the AST check (" + self.bfclErrorType()
                        + ": " + self.message() + "); kept and counted wrong, as BFCL's scorer counts it");
    }

    private static Map<String, JsonNode> answersById(Path file) {
        Map<String, JsonNode> byId = new HashMap<>();
        List<String> rows = JsonRows.read("BFCL possible-answer file", file);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode row = Json.MAPPER.readTree(rows.get(i));
                byId.put(row.path("id").asText(), row.path("ground_truth"));
            } catch (IOException e) {
                throw new IllegalArgumentException("BFCL possible-answer file " + file + " line " + (i + 1) + ": not valid JSON: "
                        + e.getMessage().lines().findFirst().orElse(""), e);
            }
        }
        return byId;
    }

    private static EvalSample convert(JsonNode row, String id, BfclCategory category, JsonNode groundTruth, Path answersFile) {
        String input = question(row.path("question"));
        List<Map<String, Object>> functions = functions(row.path("function"), category.needsAnswers());
        if (!category.needsAnswers()) {
            return new EvalSample(id, category.datasetName(), input, null, null, List.of(), null, functions, List.of());
        }
        if (groundTruth == null) {
            throw new IllegalArgumentException("no possible answer with id '" + id + "' in " + answersFile.getFileName());
        }
        List<Map<String, Map<String, List<Object>>>> expected;
        try {
            expected = Json.MAPPER.convertValue(groundTruth, new TypeReference<>() {});
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("possible answer is not a list of {function: {parameter: [values]}}");
        }
        if (expected == null || expected.isEmpty() || expected.stream().anyMatch(call -> call.size() != 1)) {
            throw new IllegalArgumentException("possible answer is not a non-empty list of single-function calls");
        }
        BfclTestCase test = new BfclTestCase(id, category.key(), functions);
        BfclPossibleAnswer answer = new BfclPossibleAnswer(id, expected);
        List<ToolCall> gold = BfclCallRenderer.firstAcceptableCalls(test, answer);
        Object goldAnswer = Json.MAPPER.convertValue(groundTruth, Object.class);
        return new EvalSample(id, category.datasetName(), input, null, goldAnswer, gold, null, functions, List.of());
    }

    /**
     * The question's text. BFCL v3 writes {@code [[{role, content}, ...]]} (turns of messages); one turn is supported.
     * One message gives its content; several (a system prompt, earlier user and assistant turns) give
     * {@code role: content} lines. An older plain-string question is taken as is.
     */
    private static String question(JsonNode question) {
        if (question.isTextual() && !question.asText().isBlank()) {
            return question.asText();
        }
        if (!question.isArray() || question.isEmpty()) {
            throw new IllegalArgumentException("no 'question'");
        }
        JsonNode turn = question.get(0).isArray() ? question.get(0) : question;
        if (question.get(0).isArray() && question.size() > 1) {
            throw new IllegalArgumentException("question has " + question.size() + " turns; only single-turn BFCL categories are supported");
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode message : turn) {
            String content = message.path("content").asText("");
            if (!content.isBlank()) {
                parts.add(turn.size() == 1 ? content : message.path("role").asText("user") + ": " + content);
            }
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("question has no message with content");
        }
        return String.join("\n", parts);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> functions(JsonNode functions, boolean needed) {
        JsonNode list = functions.isObject() ? Json.MAPPER.createArrayNode().add(functions) : functions;
        if (!list.isArray() || (needed && list.isEmpty())) {
            throw new IllegalArgumentException("'function' is not a " + (needed ? "non-empty " : "") + "list of function descriptions");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (JsonNode f : list) {
            if (!f.path("name").isTextual() || f.path("name").asText().isBlank()) {
                throw new IllegalArgumentException("a function description has no name");
            }
            if (!f.path("parameters").isObject()) {
                throw new IllegalArgumentException("function '" + f.path("name").asText() + "' has no 'parameters' object");
            }
            out.add(Json.MAPPER.convertValue(f, LinkedHashMap.class));
        }
        return out;
    }
}
