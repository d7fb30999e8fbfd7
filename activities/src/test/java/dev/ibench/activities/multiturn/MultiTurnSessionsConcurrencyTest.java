package dev.ibench.activities.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link MultiTurnSessions} runs the steps of different conversations at the same time and the steps of one conversation
 * one at a time. TEST DOUBLE: an interpreter whose {@code execute} waits until two executions are inside at once (at
 * most 2 s), counting the most seen together.
 */
class MultiTurnSessionsConcurrencyTest {
    private static final BfclMultiTurnEntry ENTRY = new BfclMultiTurnEntry("multi_turn_base_0", "multi_turn_base", List.of(List.of()),
            List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("mean(numbers=[1])")));
    private static final List<String> CALLS = List.of("mean(numbers=[1])");

    private static final class Gate implements MultiTurnSessions.Opener {
        final CountDownLatch bothInside = new CountDownLatch(2);
        final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger mostInside = new AtomicInteger();

        @Override
        public MultiTurnSessions.Interpreter open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest, String searchKeyEnv) {
            return new MultiTurnSessions.Interpreter() {
                @Override
                public List<String> execute(List<String> calls) {
                    mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    bothInside.countDown();
                    try {
                        return List.of(bothInside.await(2, TimeUnit.SECONDS) ? "together" : "alone");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    } finally {
                        inside.decrementAndGet();
                    }
                }

                @Override
                public boolean alive() {
                    return true;
                }

                @Override
                public void close() {}
            };
        }
    }

    private static int mostInside(String keyA, String keyB) throws Exception {
        Gate gate = new Gate();
        MultiTurnSessions sessions = new MultiTurnSessions(gate);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<MultiTurnSessions.Executed> a = pool.submit(() -> sessions.execute(keyA, ENTRY, List.of(), 1, CALLS, null));
            Future<MultiTurnSessions.Executed> b = pool.submit(() -> sessions.execute(keyB, ENTRY, List.of(), 1, CALLS, null));
            a.get(10, TimeUnit.SECONDS);
            b.get(10, TimeUnit.SECONDS);
            return gate.mostInside.get();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoConversationsExecuteAtTheSameTime() throws Exception {
        assertThat(mostInside("cell\nA\n0", "cell\nB\n0")).isEqualTo(2);
    }

    @Test
    void stepsOfOneConversationRunOneAtATime() throws Exception {
        assertThat(mostInside("cell\nA\n0", "cell\nA\n0")).isEqualTo(1);
    }
}
