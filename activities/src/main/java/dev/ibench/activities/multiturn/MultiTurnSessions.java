package dev.ibench.activities.multiturn;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The open backend interpreters of this worker, one per conversation (cell, sample, trial), with the store step of the last
 * call each executed. A step whose conversation has no interpreter here (another worker ran the earlier steps, or this
 * one was restarted), or whose interpreter is behind the store, gets one rebuilt by executing the recorded calls again
 * (the backends are deterministic; BfclMultiTurnReplayIT shows the rebuilt state equals the lost one). Steps of one
 * conversation run one at a time (a lock per conversation); different conversations run at the same time.
 */
public final class MultiTurnSessions implements AutoCloseable {
    private static final Duration PER_REQUEST = Duration.ofSeconds(60);

    private final Opener opener;
    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();
    private final AtomicInteger rebuilds = new AtomicInteger();

    /** A conversation's interpreter: {@link BfclMultiTurnSession} in production. */
    interface Interpreter extends AutoCloseable {
        List<String> execute(List<String> calls);

        boolean alive();

        @Override
        void close();
    }

    /** Opens an interpreter for an entry with the recorded steps' calls executed first. */
    interface Opener {
        Interpreter open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest);
    }

    private static final class Open {
        final Interpreter session;
        int lastStep;

        Open(Interpreter session, int lastStep) {
            this.session = session;
            this.lastStep = lastStep;
        }
    }

    public MultiTurnSessions(Supplier<BfclMultiTurnExecutor> executor) {
        this((entry, recorded, perRequest) -> interpreter(executor.get().open(entry, recorded, perRequest)));
    }

    MultiTurnSessions(Opener opener) {
        this.opener = opener;
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
     * {@code recorded} (the steps executed before, in order) when it is missing or not at the last recorded step.
     */
    public Executed execute(String key, BfclMultiTurnEntry entry, List<MultiTurnConversations.ExecutedStep> recorded,
                            int storeStep, List<String> calls) {
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
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
                current = new Open(opener.open(entry, recorded.stream().map(MultiTurnConversations.ExecutedStep::calls).toList(), PER_REQUEST),
                        lastRecorded);
                open.put(key, current);
            }
            try {
                List<String> results = current.session.execute(calls);
                current.lastStep = storeStep;
                return new Executed(results, rebuilt);
            } catch (RuntimeException e) {
                open.remove(key);
                current.session.close();
                throw e;
            }
        }
    }

    public record Executed(List<String> results, boolean rebuilt) {}

    /** Closes the conversation's interpreter (its entry is finished). */
    public void close(String key) {
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            Open o = open.remove(key);
            if (o != null) {
                o.session.close();
            }
            locks.remove(key);
        }
    }

    /** Interpreters rebuilt from recorded calls since this worker started. */
    public int rebuilds() {
        return rebuilds.get();
    }

    /** Drops every interpreter (what a worker crash does to them). */
    @Override
    public void close() {
        open.values().forEach(o -> o.session.close());
        open.clear();
    }
}
