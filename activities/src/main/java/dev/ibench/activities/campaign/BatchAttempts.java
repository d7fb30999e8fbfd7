package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.client.CallCancellation;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The attempts of model-call batches running on this worker, by activity (workflow id, run id, activity id), so that a
 * batch's requests in flight stay within its window across attempts. When the server gives up on an attempt (its
 * heartbeat timed out, e.g. under CPU load) it schedules the next one while the first may still have its requests in
 * flight; an attempt learns that only at its next heartbeat. A new attempt that finds an earlier attempt of the same
 * activity running here stops it first: the earlier one starts no further item, its requests in flight are aborted
 * (they were paid for an attempt the server no longer takes; their items are requested again, within the 2 x window
 * bound of a kill) and the new attempt waits until its calls have ended ({@link #take}). An attempt that finds none here
 * (its predecessor ran on another worker, or was killed) waits {@link #RETRY_GRACE} before sending: an earlier attempt
 * elsewhere stops within that time (see {@link #RETRY_GRACE}).
 */
final class BatchAttempts {
    /**
     * What a retried attempt with no earlier attempt on this worker waits before it sends. The server times an attempt
     * out 20 s after its last recorded heartbeat and starts the next after a 1 s backoff (at least); by then the earlier
     * attempt, on a worker that still reaches the server, learns it at its next heartbeat send (every 4 s,
     * {@code CellActivityOptions.HEARTBEAT_SEND_INTERVAL}) and aborts its calls at its next beat (every second); on a
     * worker cut off from the server the SDK's local heartbeat deadline (the timeout plus 5 s since its last sent
     * heartbeat) makes that beat fail. Both are at most about 6 s after the timeout; 10 s leaves room.
     */
    static final Duration RETRY_GRACE = Duration.ofSeconds(10);
    /** How long a new attempt waits at most for a stopped earlier attempt's calls to end (they are aborted at once). */
    static final Duration STOP_WAIT = Duration.ofSeconds(30);

    /** One running attempt: how to stop it, and when it has ended. */
    static final class Attempt {
        private final AtomicBoolean superseded = new AtomicBoolean();
        private final AtomicBoolean stop;
        private final Set<CallCancellation.Scope> scopes;
        private final CountDownLatch ended = new CountDownLatch(1);

        private Attempt(AtomicBoolean stop, Set<CallCancellation.Scope> scopes) {
            this.stop = stop;
            this.scopes = scopes;
        }

        /** Whether a later attempt of the same activity took over: send nothing more. */
        boolean superseded() {
            return superseded.get();
        }

        private boolean stopAndWait(Duration atMost) throws InterruptedException {
            superseded.set(true);
            stop.set(true);
            scopes.forEach(CallCancellation.Scope::cancel);
            return ended.await(atMost.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private final Map<String, Attempt> running = new ConcurrentHashMap<>();

    /**
     * Registers the attempt of activity {@code key} (whose items stop when {@code stop} is set and whose requests are
     * those of {@code scopes}); stops an earlier attempt of the same activity running here and waits for its calls to
     * end. Returns the new attempt and whether an earlier one was found here.
     */
    Taken take(String key, AtomicBoolean stop, Set<CallCancellation.Scope> scopes) {
        Attempt mine = new Attempt(stop, scopes);
        Attempt earlier = running.put(key, mine);
        if (earlier == null) {
            return new Taken(mine, false);
        }
        try {
            earlier.stopAndWait(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new Taken(mine, true);
    }

    /** The attempt has ended: its calls are over and its writes done. */
    void ended(String key, Attempt attempt) {
        running.remove(key, attempt);
        attempt.ended.countDown();
    }

    record Taken(Attempt attempt, boolean stoppedAnEarlierOne) {}
}
