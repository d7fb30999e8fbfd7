package dev.ibench.workers.campaign;

import dev.ibench.core.bfcl.BfclAgenticChecker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A failing agentic entry's (web search, memory) score line as bfcl-eval 2026.3.23's {@code _evaluate_single_agentic_entry}
 * and {@code agentic_runner} write it: {@code id}, {@code model_name}, {@code test_category}, {@code valid}, {@code error}
 * ({@code error_message}, {@code error_type}; for {@code agentic:answer_not_found} also {@code agentic_checker}'s
 * {@code details}), {@code prompt}, the model result under the key bfcl-eval uses for that failure, {@code possible_answer}
 * and {@code inference_log} (empty: ibench does not keep bfcl-eval's inference log).
 */
final class BfclAgenticScoreLine {
    static final String INFERENCE_ERROR = "agentic:inference_error";

    private final String model;
    private final String category;
    private final String id;
    private final Map<String, Object> prompt;
    private final List<String> possibleAnswers;

    /** {@code prompt}: the entry as bfcl-eval's prompt file holds it, without its function docs. */
    BfclAgenticScoreLine(String model, String category, String id, Map<String, Object> prompt, List<String> possibleAnswers) {
        this.model = model;
        this.category = category;
        this.id = id;
        this.prompt = prompt;
        this.possibleAnswers = possibleAnswers;
    }

    /** An entry without a conversation: its result is bfcl-eval's {@code "Error during inference: ..."} text. */
    Map<String, Object> inferenceError(String result) {
        Map<String, Object> line = start(error(List.of("Error during inference phase. Model did not output a list of model responses."), INFERENCE_ERROR));
        line.put("prompt", prompt);
        line.put("model_result", result);
        return end(line);
    }

    /**
     * A judged entry that failed: {@code responses} its one turn's step responses as its result line holds them,
     * {@code decoded} per step the calls it decoded to (none: the step is a message, not a call).
     */
    Map<String, Object> failed(String errorType, List<Object> responses, List<List<String>> decoded) {
        List<List<Object>> result = List.of(responses);
        if (BfclAgenticChecker.ANSWER_NOT_FOUND.equals(errorType)) {
            Object last = null;
            for (int k = 0; k < responses.size() && k < decoded.size(); k++) {
                if (decoded.get(k).isEmpty()) {
                    last = responses.get(k);
                }
            }
            // agentic_checker: a list response is read by its first element, anything else by its str()
            String response = last instanceof List<?> list && !list.isEmpty() ? String.valueOf(list.get(0)) : String.valueOf(last);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("model_response", response);
            details.put("possible_answers", possibleAnswers);
            details.put("standardized_model_response", BfclAgenticChecker.standardize(response));
            details.put("standardized_possible_answers", possibleAnswers.stream().map(BfclAgenticChecker::standardize).toList());
            Map<String, Object> error = error("None of the expected answers were found in the model response.", errorType);
            error.put("details", details);
            Map<String, Object> line = start(error);
            line.put("prompt", prompt.get("question"));
            line.put("model_result_raw", result);
            line.put("last_non_fc_message", last);
            return end(line);
        }
        Map<String, Object> line = start(error(List.of("Cannot find the last chat message that is not a function call."), errorType));
        line.put("prompt", prompt);
        line.put("model_result", result);
        line.put("model_result_decoded", new ArrayList<>(decoded.stream().filter(d -> !d.isEmpty()).toList()));
        return end(line);
    }

    private static Map<String, Object> error(Object message, String errorType) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("error_message", message);
        error.put("error_type", errorType);
        return error;
    }

    private Map<String, Object> start(Map<String, Object> error) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", id);
        line.put("model_name", model);
        line.put("test_category", category);
        line.put("valid", false);
        line.put("error", error);
        return line;
    }

    private Map<String, Object> end(Map<String, Object> line) {
        line.put("possible_answer", possibleAnswers);
        line.put("inference_log", "");
        return line;
    }
}
