package dev.ibench.workflows;

import dev.ibench.activities.campaign.FailureTypes;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * Timeouts and retry policies of a cell's activities. Model calls heartbeat, so a killed worker's
 * call is retried elsewhere within the heartbeat timeout; their retries span several minutes of
 * outage (1 s doubling to 60 s) before the item is recorded as infra_error. Scoring, planning and recording an item's
 * infra_error ({@code RecordInfraError}) need only the results store, and retry as long ({@link #STORE_OUTAGE_RETRIES}),
 * so a store outage of a few minutes (a PostgreSQL restart or failover, a full disk being freed) fails no item.
 *
 * <p>Changing these options does not touch replay: the SDK matches a replayed {@code ScheduleActivityTask} command to
 * its history event by activity id and type only, so running workflows replay unchanged and their next scheduled
 * activities take the new options.
 */
public final class CellActivityOptions {
    private CellActivityOptions() {}

    /**
     * Retries of the activities that only need the results store: those of a model call, 10 attempts, 1 s doubling to
     * 60 s, 243 s of backoff in all (1+2+4+8+16+32+60+60+60), so an outage of about four minutes is survived. Before,
     * 5 attempts with 15 s of backoff (1+2+4+8) failed an item as infra_error within a 30 s outage.
     */
    static final RetryOptions STORE_OUTAGE_RETRIES = retries(Duration.ofSeconds(60), 10);

    /**
     * How often a worker sends a running model activity's heartbeat at most (the workers' {@code
     * WorkerOptions.setMaxHeartbeatThrottleInterval}). The SDK's default is 0.8 x the heartbeat timeout: 16 s against
     * the 20 s timeout of model calls and batches, so a send delayed 4 s (a loaded machine, a slow server) timed the
     * attempt out while it was alive, and the server started its retry beside it. Every 4 s leaves 16 s, and a timed-out
     * or cancelled attempt learns it within 4 s of the server.
     */
    public static final Duration HEARTBEAT_SEND_INTERVAL = Duration.ofSeconds(4);

    public static ActivityOptions modelCall(String taskQueue, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofMinutes(10))
                .setHeartbeatTimeout(Duration.ofSeconds(20))
                .setRetryOptions(retries(Duration.ofSeconds(60), 10, FailureTypes.ENDPOINT_REJECTED, FailureTypes.SAMPLE_REJECTED))
                .setSummary(summary)
                .build();
    }

    /**
     * One step of an agent's conversation (a ReACT step, a BFCL multi-turn step): {@link #modelCall}'s options with a
     * 10 s heartbeat timeout, so a killed worker's step moves on quickly.
     */
    public static ActivityOptions modelStep(String taskQueue, String summary) {
        return ActivityOptions.newBuilder(modelCall(taskQueue, summary))
                .setHeartbeatTimeout(Duration.ofSeconds(10))
                .build();
    }

    /**
     * A batch of model calls: as long as its model calls take, so only the heartbeat bounds it; a killed worker's batch
     * is retried elsewhere and skips the items already stored. Items failing inside a batch are returned, not retried
     * here (the cell sends them through the per-item path with {@link #modelCall}'s retries), so a batch that fails as a
     * whole (after these attempts) only means its items go the per-item way.
     */
    public static ActivityOptions modelCallBatch(String taskQueue, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofMinutes(30))
                .setHeartbeatTimeout(Duration.ofSeconds(20))
                .setRetryOptions(retries(Duration.ofSeconds(30), 5, FailureTypes.ENDPOINT_REJECTED, FailureTypes.SAMPLE_REJECTED))
                .setSummary(summary)
                .build();
    }

    /**
     * A window batch: one batch over the rest of a cell with the whole window, whose slots are refilled as each call
     * ends; it runs for as long as the cell has items (it yields when its cell pauses, changes its window or must
     * continue as new), so only the heartbeat bounds it; a day's start-to-close is a backstop (the retry skips every
     * stored item).
     */
    public static ActivityOptions modelCallWindow(String taskQueue, String summary) {
        return ActivityOptions.newBuilder(modelCallBatch(taskQueue, summary))
                .setStartToCloseTimeout(Duration.ofHours(24))
                .build();
    }

    /** Scoring a batch: pure recomputation from stored outputs, so a retry (e.g. after a worker kill) is harmless. */
    public static ActivityOptions scoringBatch(String taskQueue, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofMinutes(10))
                .setHeartbeatTimeout(Duration.ofSeconds(30))
                .setRetryOptions(STORE_OUTAGE_RETRIES)
                .setSummary(summary)
                .build();
    }

    /**
     * Scoring a sql cell's items: each query may run up to {@code queryDeadline} before the judge stops it and scores the
     * sample as a {@code timeout} failure, so the activity's limits are derived from that deadline with room to spare;
     * limits at the deadline itself would time the activity out first and turn a model's runaway query into an
     * infra_error. One item: start-to-close the deadline plus {@link #SCORING_MARGIN}. A batch: it heartbeats between
     * items, so its heartbeat timeout is the deadline plus the margin, and its start-to-close allows every item its
     * whole deadline.
     */
    public static ActivityOptions sqlScoring(String taskQueue, String summary, Duration queryDeadline) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(longest(Duration.ofSeconds(30), queryDeadline.plus(SCORING_MARGIN)))
                .setRetryOptions(STORE_OUTAGE_RETRIES)
                .setSummary(summary)
                .build();
    }

    /** @see #sqlScoring */
    public static ActivityOptions sqlScoringBatch(String taskQueue, String summary, Duration queryDeadline, int items) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(longest(Duration.ofMinutes(10), queryDeadline.multipliedBy(Math.max(1, items)).plus(SCORING_MARGIN)))
                .setHeartbeatTimeout(longest(Duration.ofSeconds(30), queryDeadline.plus(SCORING_MARGIN)))
                .setRetryOptions(STORE_OUTAGE_RETRIES)
                .setSummary(summary)
                .build();
    }

    /** What a sql item's scoring may take beyond its query's deadline: reading the stored output, comparing, storing. */
    static final Duration SCORING_MARGIN = Duration.ofSeconds(30);

    private static Duration longest(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public static ActivityOptions scoring(String taskQueue, String summary) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofSeconds(30))
                .setRetryOptions(STORE_OUTAGE_RETRIES)
                .setSummary(summary)
                .build();
    }

    public static ActivityOptions planning() {
        return ActivityOptions.newBuilder()
                .setStartToCloseTimeout(Duration.ofMinutes(2))
                .setRetryOptions(STORE_OUTAGE_RETRIES)
                .build();
    }

    /** Backoff from 1 s, doubling up to {@code maxInterval}, for at most {@code maxAttempts}; {@code doNotRetry} fail at once. */
    private static RetryOptions retries(Duration maxInterval, int maxAttempts, String... doNotRetry) {
        RetryOptions.Builder retries = RetryOptions.newBuilder()
                .setInitialInterval(Duration.ofSeconds(1))
                .setBackoffCoefficient(2.0)
                .setMaximumInterval(maxInterval)
                .setMaximumAttempts(maxAttempts);
        return (doNotRetry.length > 0 ? retries.setDoNotRetry(doNotRetry) : retries).build();
    }
}
