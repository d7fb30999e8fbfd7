package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.TaskQueuePollers;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A cell's activities wait for a worker at most a bound (schedule-to-start timeout, from the campaign's
 * {@code no_worker_check_seconds}); when it fires (the server does not retry it), the cell asks how many workers poll
 * the queue ({@link TaskQueuePollers}, a local activity on the workflow worker), names the queue and the wait in its UI
 * details, and schedules the same activity again with twice the bound (up to {@link #MAX_CHECK}), so the details stay
 * current without a timeout every minute. Activities are idempotent (batched items skip what is stored), so scheduling
 * again is safe. The line goes once an activity on that queue completes.
 */
final class QueueWaits {
    /**
     * The longest wait between two checks of a queue. A check costs about six history events per activity waiting, so
     * a cell with 8 activities waiting for days writes under 400 events a day (the worker picks up the scheduled
     * activity as soon as it comes, whatever the bound).
     */
    static final Duration MAX_CHECK = Duration.ofMinutes(30);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final Duration firstCheck;
    private final Runnable changed;
    private final TaskQueuePollers pollers = Workflow.newLocalActivityStub(TaskQueuePollers.class,
            LocalActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(10))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(2).build())
                    .build());
    /** Queues whose work waits, by name, in the order first seen. */
    private final Map<String, Wait> waits = new LinkedHashMap<>();

    /** One queue's wait: since when (workflow time), how long at the last check, and the pollers then (-1: unknown). */
    private record Wait(long sinceMillis, long waitedMillis, int pollers) {}

    /** @param changed called when the details change (a wait noticed, updated or over) */
    QueueWaits(Duration firstCheck, Runnable changed) {
        this.firstCheck = firstCheck;
        this.changed = changed;
    }

    /**
     * Runs {@code call} with {@code options} bounded by a schedule-to-start timeout, noting and repeating the call while
     * it finds no worker; any other failure is the caller's.
     */
    <R> R call(String taskQueue, ActivityOptions options, Function<ActivityOptions, R> call) {
        long scheduledAt = Workflow.currentTimeMillis();
        Duration bound = firstCheck;
        while (true) {
            try {
                R result = call.apply(ActivityOptions.newBuilder(options).setScheduleToStartTimeout(bound).build());
                served(taskQueue);
                return result;
            } catch (ActivityFailure f) {
                if (!(f.getCause() instanceof TimeoutFailure t) || t.getTimeoutType() != TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_START) {
                    throw f;
                }
            }
            noted(taskQueue, scheduledAt, pollersOf(taskQueue));
            Duration longest = firstCheck.compareTo(MAX_CHECK) > 0 ? firstCheck : MAX_CHECK;
            bound = bound.multipliedBy(2).compareTo(longest) > 0 ? longest : bound.multipliedBy(2);
        }
    }

    private int pollersOf(String taskQueue) {
        try {
            return pollers.activityPollers(taskQueue);
        } catch (ActivityFailure unknown) {
            return -1; // the wait is still worth naming
        }
    }

    private void noted(String taskQueue, long scheduledAt, int pollerCount) {
        long now = Workflow.currentTimeMillis();
        Wait before = waits.get(taskQueue);
        long since = before == null ? scheduledAt : Math.min(before.sinceMillis(), scheduledAt);
        waits.put(taskQueue, new Wait(since, now - since, pollerCount));
        changed.run();
    }

    private void served(String taskQueue) {
        if (waits.remove(taskQueue) != null) {
            changed.run();
        }
    }

    /** The details' lines on waiting work, each a paragraph; empty when nothing waits. */
    String markdown() {
        StringBuilder md = new StringBuilder();
        waits.forEach((queue, w) -> {
            String since = "since " + CLOCK.format(Instant.ofEpochMilli(w.sinceMillis())) + " UTC (" + w.waitedMillis() / 1000 + " s)";
            md.append("\n\n**Waiting:** ");
            if (w.pollers() == 0) {
                md.append("no worker polls task queue `").append(queue).append("` ").append(since)
                        .append("; start one: `ibench worker --roles ").append(role(queue)).append('`');
            } else if (w.pollers() > 0) {
                md.append("task queue `").append(queue).append("` has ").append(w.pollers())
                        .append(w.pollers() == 1 ? " worker" : " workers").append(", all busy; work waiting ").append(since);
            } else {
                md.append("no worker started work on task queue `").append(queue).append("` ").append(since);
            }
        });
        return md.toString();
    }

    private static String role(String taskQueue) {
        return InstallationQueues.role(taskQueue);
    }
}
