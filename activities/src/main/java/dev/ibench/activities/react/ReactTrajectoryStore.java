package dev.ibench.activities.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A trajectory as it lives in the results store: the model's text of step k in {@code model_calls} (step k)
 * and the tool call and full observation of step k in {@code tool_executions} (step k); step 0 of
 * {@code tool_executions} is the hidden initialization with the note about the loaded data.
 */
public final class ReactTrajectoryStore {
    /** More steps than any budget; guards the read loop. */
    static final int MAX_STEPS = 1000;

    private final ResultsStore store;

    public ReactTrajectoryStore(ResultsStore store) {
        this.store = store;
    }

    /** Steps 1..{@code lastStep} that are stored, in order, each with its observation if its tool call ran. */
    public List<ReactStep> steps(String cellId, String sampleId, int trial, int lastStep) {
        Map<Integer, ToolExecutionRecord> executions = new HashMap<>();
        for (ToolExecutionRecord r : store.toolExecutions(cellId, sampleId, trial)) {
            executions.put(r.step(), r);
        }
        List<ReactStep> steps = new ArrayList<>();
        for (int step = 1; step <= Math.min(lastStep, MAX_STEPS); step++) {
            Optional<ModelCallRecord> call = store.modelCall(cellId, sampleId, trial, step);
            if (call.isEmpty()) {
                break;
            }
            ReactStep s = ReactStep.of(step, call.get().rawOutput());
            ToolExecutionRecord exec = executions.get(step);
            if (exec != null && s.isAction()) {
                s = s.withObservation(exec.observation(), exec.ok());
            }
            steps.add(s);
        }
        return steps;
    }

    public List<ReactStep> allSteps(String cellId, String sampleId, int trial) {
        return steps(cellId, sampleId, trial, MAX_STEPS);
    }

    /** The note about the loaded data (step 0), or null when the initialization has not run. */
    public String initialObservation(String cellId, String sampleId, int trial) {
        return initialization(cellId, sampleId, trial).map(ToolExecutionRecord::observation).orElse(null);
    }

    public Optional<ToolExecutionRecord> initialization(String cellId, String sampleId, int trial) {
        return toolExecution(cellId, sampleId, trial, 0);
    }

    public Optional<ToolExecutionRecord> toolExecution(String cellId, String sampleId, int trial, int step) {
        return store.toolExecutions(cellId, sampleId, trial).stream().filter(r -> r.step() == step).findFirst();
    }

    public void saveToolExecution(String cellId, String sampleId, int trial, int step, Object call, String observation, boolean ok) {
        store.saveToolExecution(new ToolExecutionRecord(cellId, sampleId, trial, step, json(call), observation, ok));
    }

    static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value + " as JSON", e);
        }
    }

    /**
     * A native turn's calls for activity summaries: the first as {@link #shortCall} renders it (its arguments as written
     * when they are not a JSON object), then {@code + n more} when there are more.
     */
    public static String shortCalls(List<ChatToolCall> calls, int maxChars) {
        ChatToolCall first = calls.get(0);
        String more = calls.size() > 1 ? " + " + (calls.size() - 1) + " more" : "";
        String head = first.argumentsObject().map(a -> shortCall(new ToolCall(first.name(), a, null), Math.max(20, maxChars - more.length())))
                .orElse(first.name() + "(" + first.arguments() + ")");
        String out = head + more;
        return out.length() <= maxChars ? out : out.substring(0, maxChars - 3) + "...";
    }

    /** A short one-line rendering of a call for activity summaries: {@code filter_data(key_name="x", ...)}. */
    public static String shortCall(ToolCall call, int maxChars) {
        StringBuilder out = new StringBuilder(call.name()).append('(');
        boolean first = true;
        for (Map.Entry<String, Object> e : call.arguments().entrySet()) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            out.append(e.getKey()).append('=').append(json(e.getValue()));
        }
        out.append(')');
        return out.length() <= maxChars ? out.toString() : out.substring(0, maxChars - 3) + "...";
    }
}
