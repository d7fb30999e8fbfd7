package dev.ibench.workers.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.sample.NativeTurnText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A BFCL multi-turn cell's first-trial entries as bfcl-eval 2026.3.23 writes them (and a web-search or memory cell's, see
 * {@link #entries}): the result line
 * {@code {"id", "result"}} with {@code result} per turn the list of that turn's model steps, each the step's model
 * response as bfcl-eval's handler keeps it ({@code inference_multi_turn_prompting}: the text without its reasoning;
 * {@code inference_multi_turn_FC}: the OpenAI handler's {@code [{name: arguments}]}, or the text of a step without tool
 * calls), and, for a failing entry, the score line its {@code multi_turn_runner} writes ({@code id}, {@code model_name},
 * {@code test_category}, {@code valid}, {@code error} with {@code error_message} and {@code error_type}, {@code prompt},
 * the model result, {@code possible_answer}, {@code inference_log}). An entry without a conversation (rejected, infra
 * error) gets bfcl-eval's {@code "Error during inference: ..."} and fails as {@code multi_turn:inference_error}.
 * Entries are in bfcl-eval's order (by the index that ends the id).
 */
final class BfclMultiTurnResultLines {
    private final MultiTurnConversations conversations;
    private final EvalSetCache evalSets;

    BfclMultiTurnResultLines(CampaignServices services) {
        this.conversations = new MultiTurnConversations(services.store(), services.evalSets());
        this.evalSets = services.evalSets();
    }

    /** One entry's lines: its result line, and its score line when it failed (else null). */
    record Entry(String category, String id, Map<String, Object> result, Map<String, Object> failure) {}

    /**
     * A multi-turn, web-search or memory cell's first-trial entries. A web-search question's result line is that of a
     * one-turn entry, its score line {@link BfclAgenticScoreLine}'s, and so are a memory question's (bfcl-eval writes a
     * scenario's prerequisite conversations to their own {@code memory_<backend>_prereq} result file, which its evaluation
     * skips; ibench does not export them).
     */
    List<Entry> entries(CellRecord cell) {
        boolean memory = evalSets.isMemory(cell.evalSet());
        List<Entry> out = new ArrayList<>();
        for (SampleResultRecord r : conversations.store().sampleResults(cell.cellId())) {
            if (r.trial() != 0) {
                continue;
            }
            if (memory) {
                out.add(memoryEntry(cell, r));
                continue;
            }
            BfclMultiTurnEntry entry = conversations.entry(cell, r.sampleId(), r.trial());
            if (BfclWebSearchImporter.isWebSearch(entry.category())) {
                out.add(webSearchEntry(cell, r, entry));
            } else if (entry.category().startsWith("multi_turn")) {
                out.add(entry(cell, r, entry));
            }
        }
        out.sort(Comparator.comparingInt(e -> index(e.id())));
        return out;
    }

    private Entry webSearchEntry(CellRecord cell, SampleResultRecord r, BfclMultiTurnEntry entry) {
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("id", entry.id());
        prompt.put("question", entry.turns());
        prompt.put("involved_classes", entry.involvedClasses());
        prompt.put("initial_config", entry.initialConfig());
        // its ground truth's one turn holds the possible answers
        BfclAgenticScoreLine score = new BfclAgenticScoreLine(cell.model(), entry.category(), entry.id(), prompt, entry.groundTruth().get(0));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", entry.id());
        result.put("result", agenticResult(cell, r));
        return new Entry(entry.category(), entry.id(), result, agenticFailure(r, score, result.get("result")));
    }

    private Entry memoryEntry(CellRecord cell, SampleResultRecord r) {
        BfclMemoryEvalSet set = evalSets.memory(cell.evalSet());
        BfclMemoryQuestion q = set.question(r.sampleId());
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("id", q.id());
        prompt.put("question", List.of(q.question()));
        prompt.put("involved_classes", List.of(set.backend()));
        prompt.put("scenario", q.scenario());
        BfclAgenticScoreLine score = new BfclAgenticScoreLine(cell.model(), set.category(), q.id(), prompt, q.groundTruth());
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", q.id());
        result.put("result", agenticResult(cell, r));
        return new Entry(set.category(), q.id(), result, agenticFailure(r, score, result.get("result")));
    }

    /** An agentic question's result: its one turn's step responses, or bfcl-eval's inference error text. */
    private Object agenticResult(CellRecord cell, SampleResultRecord r) {
        if (r.isRejected() || r.isInfraError()) {
            return "Error during inference: " + r.error();
        }
        MultiTurnScore score = score(r);
        return conversations.steps(cell.cellId(), r.sampleId(), 0, score.turnsRun() - 1).stream()
                .map(steps -> steps.stream().map(s -> response(s.rawOutput())).toList()).toList();
    }

    /** An agentic question's score line when it failed, else null. */
    private static Map<String, Object> agenticFailure(SampleResultRecord r, BfclAgenticScoreLine line, Object result) {
        if (result instanceof String error) {
            return line.inferenceError(error);
        }
        MultiTurnScore score = score(r);
        if (score.valid()) {
            return null;
        }
        @SuppressWarnings("unchecked")
        List<List<Object>> turns = (List<List<Object>>) result;
        List<Object> responses = turns.isEmpty() ? List.of() : turns.get(0);
        List<List<String>> decoded = score.decodedCalls() == null || score.decodedCalls().isEmpty() ? List.of() : score.decodedCalls().get(0);
        return line.failed(score.errorType(), responses, decoded);
    }

    private Entry entry(CellRecord cell, SampleResultRecord r, BfclMultiTurnEntry entry) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", entry.id());
        if (r.isRejected() || r.isInfraError()) {
            String error = "Error during inference: " + r.error();
            result.put("result", error);
            return new Entry(entry.category(), entry.id(), result, failure(cell, entry, "multi_turn:inference_error",
                    List.of("Error during inference phase. Model did not output a list of model responses."), "model_result", error, null));
        }
        MultiTurnScore score = score(r);
        List<List<Object>> turns = new ArrayList<>();
        for (List<BfclMultiTurnStep> steps : conversations.steps(cell.cellId(), entry.id(), 0, score.turnsRun() - 1)) {
            turns.add(steps.stream().map(s -> response(s.rawOutput())).toList());
        }
        result.put("result", turns);
        if (score.valid()) {
            return new Entry(entry.category(), entry.id(), result, null);
        }
        int groundTruthTurns = entry.groundTruth().size();
        if (turns.size() != groundTruthTurns) {
            return new Entry(entry.category(), entry.id(), result, failure(cell, entry, score.errorType(), List.of("Model was force-terminated during inference "
                    + "phase. The length of the model result turns (" + turns.size() + ") does not match the length of the ground truth turns ("
                    + groundTruthTurns + ")."), "model_result", turns, null));
        }
        // bfcl-eval's decoded result leaves out the steps that decoded to no call
        List<List<List<String>>> decoded = score.decodedCalls().stream().map(t -> t.stream().filter(s -> !s.isEmpty()).toList()).toList();
        return new Entry(entry.category(), entry.id(), result, failure(cell, entry, score.errorType(), message(score), "model_result_raw", turns, decoded));
    }

    /** A step's model response as bfcl-eval's handler keeps it (see the class comment). */
    static Object response(String rawOutput) {
        return NativeTurnText.read(rawOutput).<Object>map(turn -> turn.calls().isEmpty() ? turn.content()
                : turn.calls().stream().map(c -> Map.of(c.name(), c.arguments())).toList())
                .orElseGet(() -> ReasoningSeparator.split(rawOutput == null ? "" : rawOutput).answer());
    }

    /** multi_turn_checker's message for the error type at the turn that failed first. */
    private static String message(MultiTurnScore score) {
        int turn = score.failedTurn() == null ? 0 : score.failedTurn();
        return switch (score.errorType() == null ? "" : score.errorType()) {
            case "multi_turn:empty_turn_model_response" -> "Model response list is empty for turn " + turn;
            case "multi_turn:instance_state_mismatch" -> "Model instance does not match the state with ground truth instance at turn " + turn + ".";
            case "multi_turn:execution_response_mismatch" -> "Model response execution results so far does not contain all the ground truth "
                    + "response execution results for turn " + turn + ".";
            default -> String.valueOf(score.errorType());
        };
    }

    private static Map<String, Object> failure(CellRecord cell, BfclMultiTurnEntry entry, String errorType, Object message,
            String resultKey, Object modelResult, List<List<List<String>>> decoded) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("error_message", message);
        error.put("error_type", errorType);
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("id", entry.id());
        prompt.put("question", entry.turns());
        prompt.put("initial_config", entry.initialConfig());
        prompt.put("involved_classes", entry.involvedClasses());
        if (entry.missedFunction() != null && !entry.missedFunction().isEmpty()) {
            prompt.put("missed_function", entry.missedFunction());
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("id", entry.id());
        f.put("model_name", cell.model());
        f.put("test_category", entry.category());
        f.put("valid", false);
        f.put("error", error);
        f.put("prompt", prompt);
        f.put(resultKey, modelResult);
        if (decoded != null) {
            f.put("model_result_decoded", decoded);
        }
        f.put("possible_answer", entry.groundTruth());
        f.put("inference_log", "");
        return f;
    }

    private static MultiTurnScore score(SampleResultRecord r) {
        try {
            return Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(r.cellId() + ", entry " + r.sampleId() + ": the stored multi-turn verdict is not readable", e);
        }
    }

    /** The index that ends a BFCL id ({@code multi_turn_base_12} is 12), bfcl-eval's sort key. */
    static int index(String id) {
        String tail = id.substring(id.lastIndexOf('_') + 1);
        int dash = tail.indexOf('-');
        try {
            return Integer.parseInt(dash < 0 ? tail : tail.substring(0, dash));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
