package dev.ibench.activities.llm;

import dev.ibench.activities.llm.client.CallCancellation;
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
 * start-to-close timeout. When a heartbeat reports the activity cancelled (or timed out), the helper thread's
 * in-flight HTTP requests are aborted through its {@link CallCancellation} scope: interrupting the thread alone does
 * not unblock a socket read.
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
        HelperCalls calls = new HelperCalls();
        int attempt = context.getInfo().getAttempt();
        Future<T> future = CALLS.submit(() -> ActivityAttempt.during(attempt, () -> calls.run(work)));
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
            calls.cancel();
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the model", e);
        } catch (RuntimeException e) {
            calls.cancel(); // e.g. the activity was cancelled: heartbeat() throws
            future.cancel(true);
            throw e;
        }
    }

    /** The helper thread's call scope, cancellable from the activity thread even before the helper opened it. */
    private static final class HelperCalls {
        private volatile CallCancellation.Scope scope;
        private volatile boolean cancelled;

        <T> T run(Supplier<T> work) {
            try (CallCancellation.Scope own = CallCancellation.open()) {
                scope = own;
                if (cancelled) {
                    own.cancel();
                }
                return work.get();
            }
        }

        void cancel() {
            cancelled = true;
            CallCancellation.Scope own = scope;
            if (own != null) {
                own.cancel();
            }
        }
    }
}
