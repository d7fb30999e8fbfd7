package dev.ibench.workflows.react;

import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * Timeouts and retries of the trajectory activities. The model step heartbeats every 2 s while it waits
 * for the model, so a killed worker's step is retried elsewhere within the 10 s heartbeat timeout; its
 * retries span minutes of outage before the sample is recorded as infra_error. Tool steps are mostly fast
 * and deterministic; an action heartbeats too, so a cancelled one aborts its HTTP request (REST tools).
 */
final class ReactActivityOptions {
    static final String TOOLS_UNAVAILABLE = "ToolsUnavailable";

    private ReactActivityOptions() {}

    /** A model step: the campaign's model-call options, with a shorter heartbeat timeout. */
    static ActivityOptions think(String llmTaskQueue, String summary) {
        return CellActivityOptions.modelStep(llmTaskQueue, summary);
    }

    static ActivityOptions tools(String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(InstallationQueues.inWorkflow().tools())
                .setStartToCloseTimeout(Duration.ofMinutes(2))
                .setHeartbeatTimeout(Duration.ofSeconds(10)) // an action heartbeats every 2 s: how a cancel reaches it
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofSeconds(1))
                        .setMaximumInterval(Duration.ofSeconds(30))
                        .setMaximumAttempts(5)
                        .setDoNotRetry(TOOLS_UNAVAILABLE)
                        .build())
                .setSummary(summary)
                .build();
    }

    static ActivityOptions scoring(String summary) {
        return CellActivityOptions.scoring(InstallationQueues.inWorkflow().scoring(), summary);
    }
}
