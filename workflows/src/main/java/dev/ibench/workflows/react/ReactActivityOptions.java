package dev.ibench.workflows.react;

import dev.ibench.workflows.TaskQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * Timeouts and retries of the trajectory activities. The model step heartbeats every 2 s while it waits
 * for the model, so a killed worker's step is retried elsewhere within the 10 s heartbeat timeout; its
 * retries span minutes of outage before the sample is recorded as infra_error. Tool steps are fast and
 * deterministic.
 */
final class ReactActivityOptions {
    static final String ENDPOINT_REJECTED = "ModelEndpointRejected";
    static final String SAMPLE_REJECTED = "ModelSampleRejected";
    static final String TOOLS_UNAVAILABLE = "ToolsUnavailable";

    private ReactActivityOptions() {}

    static ActivityOptions think(String llmTaskQueue, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(llmTaskQueue)
                .setStartToCloseTimeout(Duration.ofMinutes(10))
                .setHeartbeatTimeout(Duration.ofSeconds(10))
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofSeconds(1))
                        .setBackoffCoefficient(2.0)
                        .setMaximumInterval(Duration.ofSeconds(60))
                        .setMaximumAttempts(10)
                        .setDoNotRetry(ENDPOINT_REJECTED, SAMPLE_REJECTED)
                        .build())
                .setSummary(summary)
                .build();
    }

    static ActivityOptions tools(String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(TaskQueues.TOOLS)
                .setStartToCloseTimeout(Duration.ofMinutes(2))
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
        return ActivityOptions.newBuilder()
                .setTaskQueue(TaskQueues.SCORING)
                .setStartToCloseTimeout(Duration.ofMinutes(2))
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofSeconds(1))
                        .setMaximumInterval(Duration.ofSeconds(30))
                        .setMaximumAttempts(5)
                        .build())
                .setSummary(summary)
                .build();
    }
}
