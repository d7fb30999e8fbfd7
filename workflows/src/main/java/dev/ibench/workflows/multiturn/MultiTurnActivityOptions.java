package dev.ibench.workflows.multiturn;

import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * Timeouts and retries of a conversation's activities: the model step as a ReACT step (the campaign's model-call
 * options, a 10 s heartbeat timeout so a killed worker's step moves on quickly); the execution of calls on the tools queue
 * (bounded retries, a 10 s heartbeat timeout; a lost interpreter is rebuilt by the next attempt); the scoring on the scoring queue.
 */
final class MultiTurnActivityOptions {
    private MultiTurnActivityOptions() {}

    static ActivityOptions think(String llmTaskQueue, String summary) {
        return CellActivityOptions.modelStep(llmTaskQueue, summary);
    }

    static ActivityOptions tools(String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(InstallationQueues.inWorkflow().tools())
                .setStartToCloseTimeout(Duration.ofMinutes(3))
                .setHeartbeatTimeout(Duration.ofSeconds(10)) // the execution heartbeats every 2 s: a killed worker's step moves on
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofSeconds(1))
                        .setMaximumInterval(Duration.ofSeconds(30))
                        .setMaximumAttempts(5)
                        .build())
                .setSummary(summary)
                .build();
    }

    /**
     * Closing an interpreter on the worker process whose own queue is {@code queue}: one try, given up after 10 s if that
     * worker does not take it (it is gone, and its interpreters with it).
     */
    static ActivityOptions closeInterpreter(String queue) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(queue)
                .setScheduleToStartTimeout(Duration.ofSeconds(10))
                .setStartToCloseTimeout(Duration.ofSeconds(30))
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                .setSummary("close interpreter")
                .build();
    }

    static ActivityOptions scoring(String summary) {
        return CellActivityOptions.scoring(InstallationQueues.inWorkflow().scoring(), summary);
    }
}
