package dev.ibench.activities.llm;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a long blocking call (a model call can take minutes) on a helper thread while the activity thread
 * heartbeats, so a worker that dies mid-call is noticed within the heartbeat timeout instead of the
 * start-to-close timeout.
 */
public final class Heartbeating {
    private static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ibench-model-call");
        t.setDaemon(true);
        return t;
    });

    private Heartbeating() {}

    public static <T> T call(Supplier<T> work, Duration every, Object details) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        Future<T> future = CALLS.submit(work::get);
        try {
            while (true) {
                try {
                    return future.get(every.toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    context.heartbeat(details);
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the model", e);
        } catch (RuntimeException e) {
            future.cancel(true); // e.g. the activity was cancelled: heartbeat() throws
            throw e;
        }
    }
}
