package dev.ibench.activities.multiturn;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The open backend interpreters of this worker, one per conversation (cell, sample, trial), with the store step of the last
 * call each executed. A step whose conversation has no interpreter here (another worker ran the earlier steps, or this
 * one was restarted), or whose interpreter is behind the store, gets one rebuilt by executing the recorded calls again
 * (the backends are deterministic; BfclMultiTurnReplayIT shows the rebuilt state equals the lost one).
 */
public final class MultiTurnSessions implements AutoCloseable {
    private static final Duration PER_REQUEST = Duration.ofSeconds(60);

    private final Supplier<BfclMultiTurnExecutor> executor;
    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private volatile int rebuilds;

    private static final class Open {
        final BfclMultiTurnSession session;
        int lastStep;

        Open(BfclMultiTurnSession session, int lastStep) {
            this.session = session;
            this.lastStep = lastStep;
        }
    }

    public MultiTurnSessions(Supplier<BfclMultiTurnExecutor> executor) {
        this.executor = executor;
    }

    /**
     * Executes {@code calls} as store step {@code storeStep} in the conversation's interpreter, first rebuilding it from
     * {@code recorded} (the steps executed before, in order) when it is missing or not at the last recorded step.
     */
    public synchronized Executed execute(String key, BfclMultiTurnEntry entry, List<MultiTurnConversations.ExecutedStep> recorded,
                                         int storeStep, List<String> calls) {
        int lastRecorded = recorded.isEmpty() ? 0 : recorded.get(recorded.size() - 1).storeStep();
        Open current = open.get(key);
        boolean rebuilt = false;
        if (current == null || current.lastStep != lastRecorded || !current.session.alive()) {
            if (current != null) {
                current.session.close();
            }
            rebuilt = !recorded.isEmpty();
            if (rebuilt) {
                rebuilds++;
            }
            current = new Open(executor.get().open(entry, recorded.stream().map(MultiTurnConversations.ExecutedStep::calls).toList(), PER_REQUEST),
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

    public record Executed(List<String> results, boolean rebuilt) {}

    /** Closes the conversation's interpreter (its entry is finished). */
    public void close(String key) {
        Open o = open.remove(key);
        if (o != null) {
            o.session.close();
        }
    }

    /** Interpreters rebuilt from recorded calls since this worker started. */
    public int rebuilds() {
        return rebuilds;
    }

    /** Drops every interpreter (what a worker crash does to them). */
    @Override
    public void close() {
        open.values().forEach(o -> o.session.close());
        open.clear();
    }
}
