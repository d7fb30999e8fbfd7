package dev.ibench.activities.campaign;

import dev.ibench.activities.artifact.EvalSetLocator;
import dev.ibench.activities.nestful.PythonSequenceExecutor;
import dev.ibench.core.nestful.NestfulEvalSetFiles;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.SequenceExecutor;
import io.temporal.failure.ApplicationFailure;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Which executor runs a sample's predicted calls for completion, by eval set: a REST eval set's own published
 * endpoints ({@link RestEndpointRuntime}, one per file, kept open), a NESTful eval set's Python functions
 * ({@link PythonSequenceExecutor}), else the SLOT/SEL tool runtime. A REST eval set without its endpoints file next
 * to it is a non-retryable failure naming the file.
 */
public final class EvalSetExecutors implements Function<String, SequenceExecutor> {
    private final SequenceExecutor toolRuntime;
    private final Path dataRoot;
    private final Path stateDir;
    private final EvalSetLocator locator;
    private final Map<String, RestEndpointRuntime> rest = new ConcurrentHashMap<>();
    private final Map<String, SequenceExecutor> nestful = new ConcurrentHashMap<>();

    /** @param stateDir a folder of ibench's own for runtime files (the NESTful runner script) */
    public EvalSetExecutors(SequenceExecutor toolRuntime, Path dataRoot, Path stateDir) {
        this(toolRuntime, dataRoot, stateDir, EvalSetLocator.PATHS_ONLY);
    }

    /** @param locator finds the local file of an eval set named by artifact reference */
    public EvalSetExecutors(SequenceExecutor toolRuntime, Path dataRoot, Path stateDir, EvalSetLocator locator) {
        this.toolRuntime = toolRuntime;
        this.dataRoot = dataRoot;
        this.stateDir = stateDir;
        this.locator = locator;
    }

    @Override
    public SequenceExecutor apply(String evalSetReference) {
        String evalSet = locator.localPath(evalSetReference).toString();
        if (NestfulEvalSetFiles.isNestfulEvalSet(Path.of(evalSet))) {
            return nestful.computeIfAbsent(evalSet, f -> PythonSequenceExecutor.forEvalSet(Path.of(f), stateDir));
        }
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
