package dev.ibench.workers.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * REST endpoints of a {@code --style rest} build, called in process with the validation the HTTP tool server applies.
 * The value is the endpoint's rows folded as a gold answer is ({@code AnswerShape.fold}).
 */
final class RestSampleTools implements SampleTools {
    private final RestEndpointRuntime runtime;
    private final EvalSample sample;

    RestSampleTools(RestEndpointRuntime runtime, EvalSample sample) {
        this.runtime = runtime;
        this.sample = sample;
    }

    @Override
    public ToolReply call(String tool, Map<String, Object> arguments, String label) {
        ExecutionOutcome outcome;
        synchronized (runtime) { // one read-only connection per runtime
            outcome = runtime.execute(sample, List.of(new ToolCall(tool, arguments, label)));
        }
        String observation = outcome.observations().isEmpty() ? tool : outcome.observations().get(0);
        if (!outcome.ok()) {
            return ToolReply.error(observation);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("label", label);
        structured.put("value", outcome.answer());
        try {
            return new ToolReply(true, "$" + label + "$: " + Json.MAPPER.writeValueAsString(outcome.answer()), structured);
        } catch (JsonProcessingException e) {
            return ToolReply.error(tool + ": result not writable as JSON: " + e.getOriginalMessage());
        }
    }
}
