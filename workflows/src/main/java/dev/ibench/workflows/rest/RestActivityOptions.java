package dev.ibench.workflows.rest;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * Timeouts and retries of the REST generation steps. Model steps use the campaign's model-call options (heartbeats,
 * minutes of retries through an outage). Data steps retry a few times; bad input is never retried. Data steps
 * heartbeat too, so a step held by a killed worker is retried within {@link #HEARTBEAT_TIMEOUT}, not after its
 * start-to-close timeout (minutes).
 */
final class RestActivityOptions {
    static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(20);

    private RestActivityOptions() {}

    static ActivityOptions model(String profile, String summary) {
        return CellActivityOptions.modelCall(InstallationQueues.inWorkflow().llm(profile), summary);
    }

    static ActivityOptions tools(Duration startToClose, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(InstallationQueues.inWorkflow().tools())
                .setStartToCloseTimeout(startToClose)
                .setHeartbeatTimeout(HEARTBEAT_TIMEOUT)
                .setRetryOptions(retries())
                .setSummary(summary)
                .build();
    }

    static ActivityOptions judge(String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(InstallationQueues.inWorkflow().scoring())
                .setStartToCloseTimeout(Duration.ofMinutes(1))
                .setHeartbeatTimeout(HEARTBEAT_TIMEOUT)
                .setRetryOptions(retries())
                .setSummary(summary)
                .build();
    }

    private static RetryOptions retries() {
        return RetryOptions.newBuilder()
                .setInitialInterval(Duration.ofSeconds(1))
                .setMaximumInterval(Duration.ofSeconds(30))
                .setMaximumAttempts(5)
                .setDoNotRetry(RestDatabases.BAD_INPUT, FailureTypes.ENDPOINT_REJECTED)
                .build();
    }
}
