package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.client.CallCancellation;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/** The heartbeats of model-call activities: a beat the server answers with cancellation aborts the requests in flight. */
final class CallHeartbeats {
    private CallHeartbeats() {}

    /** A scheduler on one daemon thread named {@code name} (heartbeats, and the cells' batch gates). */
    static ScheduledExecutorService daemonThread(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** A heartbeat the server answers with cancellation (or a timed-out activity) aborts the in-flight model request. */
    static void beat(ActivityExecutionContext context, CallCancellation.Scope calls,
                     AtomicReference<ActivityCompletionException> cancellation) {
        try {
            context.heartbeat(null);
        } catch (ActivityCompletionException cancelledOrTimedOut) {
            cancellation.compareAndSet(null, cancelledOrTimedOut);
            calls.cancel();
        } catch (RuntimeException heartbeatNotSent) {
            // e.g. the server is briefly unreachable: the next beat tries again
        }
    }

    /** {@link #beat} for a batch: a cancelled or timed-out batch aborts every request it has in flight. */
    static void beatAll(ActivityExecutionContext context, Set<CallCancellation.Scope> scopes,
                        AtomicReference<ActivityCompletionException> cancellation) {
        try {
            context.heartbeat(null);
        } catch (ActivityCompletionException cancelledOrTimedOut) {
            cancellation.compareAndSet(null, cancelledOrTimedOut);
            scopes.forEach(CallCancellation.Scope::cancel);
        } catch (RuntimeException heartbeatNotSent) {
            // e.g. the server is briefly unreachable: the next beat tries again
        }
    }
}
