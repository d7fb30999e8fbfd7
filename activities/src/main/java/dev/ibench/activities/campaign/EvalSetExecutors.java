package dev.ibench.activities.campaign;

import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.SequenceExecutor;
import io.temporal.failure.ApplicationFailure;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Which executor runs a sample's predicted calls for completion, by eval set: a REST eval set's own published
 * endpoints ({@link RestEndpointRuntime}, one per file, kept open), else the SLOT/SEL tool runtime. A REST eval set
 * without its endpoints file next to it is a non-retryable failure naming the file.
 */
public final class EvalSetExecutors implements Function<String, SequenceExecutor> {
    private final SequenceExecutor toolRuntime;
    private final Path dataRoot;
    private final Map<String, RestEndpointRuntime> rest = new ConcurrentHashMap<>();

    public EvalSetExecutors(SequenceExecutor toolRuntime, Path dataRoot) {
        this.toolRuntime = toolRuntime;
        this.dataRoot = dataRoot;
    }

    @Override
    public SequenceExecutor apply(String evalSet) {
        if (!RestEndpointRuntime.isRestEvalSet(Path.of(evalSet))) return toolRuntime;
        return rest.computeIfAbsent(evalSet, f -> {
            try {
                return RestEndpointRuntime.forEvalSet(Path.of(f), dataRoot);
            } catch (IllegalArgumentException e) {
                throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "EvalSetUnusable");
            }
        });
    }
}
