package dev.ibench.activities.multiturn;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Comparator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The open backend interpreters of this worker, one per conversation (cell, sample, trial), with the store step of the last
 * call each executed. A step whose conversation has no interpreter here (another worker ran the earlier steps, or this
 * one was restarted), or whose interpreter is behind the store, gets one rebuilt by executing the recorded calls again
 * (the backends are deterministic; BfclMultiTurnReplayIT shows the rebuilt state equals the lost one). Steps of one
 * conversation run one at a time (a lock per conversation); different conversations run at the same time.
 *
 * <p>An interpreter is closed when its entry is scored on this worker ({@link #close(String)}), and also when it has
 * been idle for {@link #IDLE_LIMIT} or when more than {@link #MAX_OPEN} are open (the least recently used idle one
 * first): scoring may run on another worker (split roles), and a conversation that fails or moves to another worker
 * never comes back for its interpreter. A conversation whose interpreter was closed and that does come back gets it
 * rebuilt, as above. An interpreter executing a step is never closed by these bounds.
 *
 * <p>Each instance has its own task queue next to a tools queue ({@link #queueFor(String)}), on which its worker serves
 * {@link MultiTurnSessionActivities}: a finished conversation's workflow closes its interpreters there on every worker
 * that executed one of its steps.
 */
public final class MultiTurnSessions implements AutoCloseable {
    /** How long one request to a conversation's interpreter may take. */
    static final Duration PER_REQUEST = Duration.ofSeconds(60);
    /** Interpreters kept open at most (one sandboxed {@code python3} each). */
    public static final int MAX_OPEN = 64;
    /** An interpreter unused this long is closed. */
    public static final Duration IDLE_LIMIT = Duration.ofMinutes(10);

    private final Opener opener;
    private final int maxOpen;
    private final long idleNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final AtomicInteger rebuilds = new AtomicInteger();
    private final AtomicInteger evictions = new AtomicInteger();
    private final ScheduledExecutorService sweeper;
    private final String holder = java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    /** A conversation's interpreter: {@link BfclMultiTurnSession} in production. */
    interface Interpreter extends AutoCloseable {
        List<String> execute(List<String> calls);

        boolean alive();

        @Override
        void close();
    }

    /**
     * Opens an interpreter for an entry with the recorded steps' calls executed first; a web-search entry's key is read
     * from the variable {@code searchKeyEnv} (null: the worker's setting).
     */
    interface Opener {
        Interpreter open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest, String searchKeyEnv);
    }

    private static final class Open {
        final Interpreter session;
        int lastStep;
        volatile long lastUsed;

        Open(Interpreter session, int lastStep, long lastUsed) {
            this.session = session;
            this.lastStep = lastStep;
            this.lastUsed = lastUsed;
        }
    }

    public MultiTurnSessions(Supplier<BfclMultiTurnExecutor> executor) {
        this((entry, recorded, perRequest, searchKeyEnv) -> interpreter(executor.get().open(entry, recorded, perRequest, searchKeyEnv)));
    }

    MultiTurnSessions(Opener opener) {
        this(opener, MAX_OPEN, IDLE_LIMIT, System::nanoTime, true);
    }

    /** @param sweep whether a daemon thread closes idle interpreters every minute (else only at each execute) */
    MultiTurnSessions(Opener opener, int maxOpen, Duration idleLimit, LongSupplier nanoTime, boolean sweep) {
        this.opener = opener;
        this.maxOpen = maxOpen;
        this.idleNanos = idleLimit.toNanos();
        this.nanoTime = nanoTime;
        this.sweeper = sweep ? Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "multi-turn-sessions-sweep");
            t.setDaemon(true);
            return t;
        }) : null;
        if (sweeper != null) {
            long every = Math.max(1, Math.min(idleLimit.toSeconds() / 4, 60));
            sweeper.scheduleWithFixedDelay(this::evict, every, every, TimeUnit.SECONDS);
        }
    }

    private static Interpreter interpreter(BfclMultiTurnSession session) {
        return new Interpreter() {
            @Override
            public List<String> execute(List<String> calls) {
                return session.execute(calls);
            }

            @Override
            public boolean alive() {
                return session.alive();
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    /**
     * Executes {@code calls} as store step {@code storeStep} in the conversation's interpreter, first rebuilding it from
     * {@code recorded} (the steps executed before, in order) when it is missing or not at the last recorded step; a
     * web-search entry's interpreter gets the key from the variable {@code searchKeyEnv} (null: the worker's setting).
     */
    public Executed execute(String key, BfclMultiTurnEntry entry, List<MultiTurnConversations.ExecutedStep> recorded,
                            int storeStep, List<String> calls, String searchKeyEnv) {
        ReentrantLock lock = locks.computeIfAbsent(key, k -> new ReentrantLock());
        lock.lock();
        try {
            int lastRecorded = recorded.isEmpty() ? 0 : recorded.get(recorded.size() - 1).storeStep();
            Open current = open.get(key);
            boolean rebuilt = false;
            if (current == null || current.lastStep != lastRecorded || !current.session.alive()) {
                if (current != null) {
                    current.session.close();
                }
                rebuilt = !recorded.isEmpty();
                if (rebuilt) {
                    rebuilds.incrementAndGet();
                }
                current = new Open(opener.open(entry, recorded.stream().map(MultiTurnConversations.ExecutedStep::calls).toList(), PER_REQUEST, searchKeyEnv),
                        lastRecorded, nanoTime.getAsLong());
                open.put(key, current);
            }
            try {
                List<String> results = current.session.execute(calls);
                current.lastStep = storeStep;
                current.lastUsed = nanoTime.getAsLong();
                return new Executed(results, rebuilt);
            } catch (RuntimeException e) {
                open.remove(key);
                current.session.close();
                throw e;
            }
        } finally {
            lock.unlock();
            evict();
        }
    }

    /** The task queue, next to {@code toolsQueue}, that reaches this instance's interpreters (one per worker process). */
    public String queueFor(String toolsQueue) {
        return toolsQueue + "/sessions-" + holder;
    }

    public record Executed(List<String> results, boolean rebuilt) {}

    /** Closes the conversation's interpreter (its entry is finished). */
    public void close(String key) {
        ReentrantLock lock = locks.computeIfAbsent(key, k -> new ReentrantLock());
        lock.lock();
        try {
            Open o = open.remove(key);
            if (o != null) {
                o.session.close();
            }
            locks.remove(key);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Closes the interpreters idle for longer than the limit, then the least recently used ones while more than
     * {@code maxOpen} are open; one executing a step (its conversation's lock held) is skipped.
     */
    void evict() {
        long now = nanoTime.getAsLong();
        List<Map.Entry<String, Open>> byAge = open.entrySet().stream()
                .sorted(Comparator.comparingLong(e -> e.getValue().lastUsed)).toList();
        int over = byAge.size() - maxOpen;
        for (Map.Entry<String, Open> e : byAge) {
            boolean idle = now - e.getValue().lastUsed > idleNanos;
            if (!idle && over <= 0) {
                break;
            }
            if (closeIfIdle(e.getKey(), e.getValue())) {
                over--;
            }
        }
    }

    private boolean closeIfIdle(String key, Open seen) {
        ReentrantLock lock = locks.get(key);
        if (lock == null || !lock.tryLock()) {
            return false;
        }
        try {
            if (!open.remove(key, seen)) {
                return false;
            }
            seen.session.close();
            evictions.incrementAndGet();
            if (!lock.hasQueuedThreads()) {
                locks.remove(key, lock); // a conversation scored on another worker never calls close(key) here
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Interpreters open now. */
    public int openCount() {
        return open.size();
    }

    /** Interpreters closed by the idle limit or the bound since this worker started. */
    public int evictions() {
        return evictions.get();
    }

    /** Interpreters rebuilt from recorded calls since this worker started. */
    public int rebuilds() {
        return rebuilds.get();
    }

    /** Drops every interpreter (what a worker crash does to them). */
    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        open.values().forEach(o -> o.session.close());
        open.clear();
    }
}
