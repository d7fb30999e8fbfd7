package dev.ibench.workers.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.sample.NativeTurnText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A BFCL multi-turn cell's first-trial entries as bfcl-eval 2026.3.23 writes them: the result line
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

    BfclMultiTurnResultLines(CampaignServices services) {
        this.conversations = new MultiTurnConversations(services.store(), services.evalSets());
    }

    /** One entry's lines: its result line, and its score line when it failed (else null). */
    record Entry(String category, Map<String, Object> result, Map<String, Object> failure) {}

    List<Entry> entries(CellRecord cell) {
        List<Entry> out = new ArrayList<>();
        for (SampleResultRecord r : conversations.store().sampleResults(cell.cellId())) {
            if (r.trial() != 0) {
                continue;
            }
            BfclMultiTurnEntry entry = conversations.entry(cell, r.sampleId(), r.trial());
            if (!entry.category().startsWith("multi_turn")) {
                continue;
            }
            out.add(entry(cell, r, entry));
        }
        out.sort(Comparator.comparingInt(e -> index((String) e.result().get("id"))));
        return out;
    }

    private Entry entry(CellRecord cell, SampleResultRecord r, BfclMultiTurnEntry entry) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", entry.id());
        if (r.isRejected() || r.isInfraError()) {
            String error = "Error during inference: " + r.error();
            result.put("result", error);
            return new Entry(entry.category(), result, failure(cell, entry, "multi_turn:inference_error",
                    List.of("Error during inference phase. Model did not output a list of model responses."), "model_result", error, null));
        }
        MultiTurnScore score = score(r);
        List<List<Object>> turns = new ArrayList<>();
        for (List<BfclMultiTurnStep> steps : conversations.steps(cell.cellId(), entry.id(), 0, score.turnsRun() - 1)) {
            turns.add(steps.stream().map(s -> response(s.rawOutput())).toList());
        }
        result.put("result", turns);
        if (score.valid()) {
            return new Entry(entry.category(), result, null);
        }
        int groundTruthTurns = entry.groundTruth().size();
        if (turns.size() != groundTruthTurns) {
            return new Entry(entry.category(), result, failure(cell, entry, score.errorType(), List.of("Model was force-terminated during inference "
                    + "phase. The length of the model result turns (" + turns.size() + ") does not match the length of the ground truth turns ("
                    + groundTruthTurns + ")."), "model_result", turns, null));
        }
        // bfcl-eval's decoded result leaves out the steps that decoded to no call
        List<List<List<String>>> decoded = score.decodedCalls().stream().map(t -> t.stream().filter(s -> !s.isEmpty()).toList()).toList();
        return new Entry(entry.category(), result, failure(cell, entry, score.errorType(), message(score), "model_result_raw", turns, decoded));
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
