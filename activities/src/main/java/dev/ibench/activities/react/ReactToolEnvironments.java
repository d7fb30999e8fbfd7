package dev.ibench.activities.react;

import dev.ibench.activities.artifact.EvalSetLocator;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.ToolRuntime;
import io.temporal.failure.ApplicationFailure;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Picks where a cell's ReACT actions run, by its eval set (file): a REST eval set ({@code *-rest.json}) calls its
 * published endpoints over HTTP ({@link HttpRestToolEnvironment}, one per eval set, kept); any other eval set runs in
 * process on the SLOT/SEL tool runtime ({@link InProcessToolEnvironment}). A campaign with {@code tools_via: mcp}
 * overrides this per cell ({@code dev.ibench.activities.mcp.CampaignToolEnvironments}). A REST eval set on a worker that serves no REST endpoints, or whose endpoints file is
 * missing, is a non-retryable failure naming the problem.
 */
public final class ReactToolEnvironments implements Function<String, ReactToolEnvironment> {
    private final ReactToolEnvironment inProcess;
    private final RestEndpointServers restServers;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final Map<String, ReactToolEnvironment> rest = new ConcurrentHashMap<>();
    private final EvalSetLocator locator;

    /** @param restServers the servers of REST eval sets' endpoints (null: this worker runs no REST actions) */
    public ReactToolEnvironments(ToolRuntime runtime, RestEndpointServers restServers) {
        this(runtime, restServers, EvalSetLocator.PATHS_ONLY);
    }

    /** @param locator finds the local file of an eval set named by artifact reference */
    public ReactToolEnvironments(ToolRuntime runtime, RestEndpointServers restServers, EvalSetLocator locator) {
        this.inProcess = new InProcessToolEnvironment(runtime);
        this.restServers = restServers;
        this.locator = locator;
    }

    /** SLOT/SEL in process only; REST eval sets are refused. */
    public static ReactToolEnvironments inProcessOnly(ToolRuntime runtime) {
        return new ReactToolEnvironments(runtime, null);
    }

    @Override
    public ReactToolEnvironment apply(String evalSetReference) {
        String evalSet = locator.localPath(evalSetReference).toString();
        if (!RestEndpointRuntime.isRestEvalSet(Path.of(evalSet))) {
            return inProcess;
        }
        if (restServers == null) {
            throw ApplicationFailure.newNonRetryableFailure("REST eval set " + evalSet + ": this worker serves no REST endpoints",
                    ReactToolActivitiesImpl.TOOLS_UNAVAILABLE);
        }
        return rest.computeIfAbsent(evalSet, f -> {
            try {
                return HttpRestToolEnvironment.forEvalSet(Path.of(f), restServers, http);
            } catch (IllegalArgumentException e) {
                throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), ReactToolActivitiesImpl.TOOLS_UNAVAILABLE);
            }
        });
    }
}
