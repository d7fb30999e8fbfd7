package dev.ibench.activities.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: a tools worker's multi-turn interpreters were closed only when the entry was scored on the same worker, so
 * with scoring on another worker (split roles), or a conversation that failed or moved, their {@code python3} processes
 * piled up. Now the least recently used idle interpreter is closed beyond a bound, and any idle past the limit.
 * TEST DOUBLE: each interpreter is a real process ({@code sleep 600}) so that "closed" means the process ended.
 */
class MultiTurnSessionsEvictionTest {
    private static final BfclMultiTurnEntry ENTRY = new BfclMultiTurnEntry("multi_turn_base_0", "multi_turn_base", List.of(List.of()),
            List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("mean(numbers=[1])")));
    private static final List<String> CALLS = List.of("mean(numbers=[1])");

    /** Opens one {@code sleep} process per interpreter; {@code gate}, when set, holds every execute until released. */
    private static final class Processes implements MultiTurnSessions.Opener {
        final List<Process> started = new ArrayList<>();
        volatile CountDownLatch gate;
        final CountDownLatch entered = new CountDownLatch(1);

        @Override
        public synchronized MultiTurnSessions.Interpreter open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest, String searchKeyEnv) {
            Process p;
            try {
                p = new ProcessBuilder("sleep", "600").start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            started.add(p);
            return new MultiTurnSessions.Interpreter() {
                @Override
                public List<String> execute(List<String> calls) {
                    CountDownLatch g = gate;
                    if (g != null) {
                        entered.countDown();
                        try {
                            g.await(10, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return List.of("ok");
                }

                @Override
                public boolean alive() {
                    return p.isAlive();
                }

                @Override
                public void close() {
                    p.destroyForcibly();
                    try {
                        p.waitFor(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
        }

        synchronized Process process(int i) {
            return started.get(i);
        }

        synchronized long alive() {
            return started.stream().filter(Process::isAlive).count();
        }
    }

    private final Processes processes = new Processes();
    private MultiTurnSessions sessions;

    @AfterEach
    void stop() {
        if (sessions != null) sessions.close();
        processes.started.forEach(Process::destroyForcibly);
    }

    @Test
    void beyondTheBoundTheLeastRecentlyUsedInterpreterIsClosedAndItsProcessEnds() {
        sessions = new MultiTurnSessions(processes);
        int bound = MultiTurnSessions.MAX_OPEN;
        for (int i = 0; i < bound; i++) sessions.execute("cell\ns" + i + "\n0", ENTRY, List.of(), 1, CALLS, null);
        // conversation 0 is used again, so conversation 1 is now the least recently used
        sessions.execute("cell\ns0\n0", ENTRY, List.of(new MultiTurnConversations.ExecutedStep(1, CALLS)), 2, CALLS, null);
        assertThat(processes.alive()).isEqualTo(bound);
        sessions.execute("cell\nnew\n0", ENTRY, List.of(), 1, CALLS, null);
        assertThat(processes.alive()).as("one process per open conversation, at most the bound").isEqualTo(bound);
        assertThat(processes.process(1).isAlive()).as("the least recently used conversation's process").isFalse();
        assertThat(processes.process(0).isAlive()).isTrue();
        // the closed conversation comes back: its interpreter is rebuilt from its recorded calls
        MultiTurnSessions.Executed back = sessions.execute("cell\ns1\n0", ENTRY, List.of(new MultiTurnConversations.ExecutedStep(1, CALLS)), 2, CALLS, null);
        assertThat(back.rebuilt()).isTrue();
        assertThat(processes.alive()).isEqualTo(bound);
    }

    @Test
    void anInterpreterIdlePastTheLimitIsClosed() {
        AtomicLong now = new AtomicLong();
        sessions = new MultiTurnSessions(processes, 10, Duration.ofMinutes(10), now::get, false);
        sessions.execute("a", ENTRY, List.of(), 1, CALLS, null);
        now.addAndGet(Duration.ofMinutes(6).toNanos());
        sessions.execute("b", ENTRY, List.of(), 1, CALLS, null);
        now.addAndGet(Duration.ofMinutes(5).toNanos()); // a idle 11 minutes, b 5
        sessions.evict();
        assertThat(processes.process(0).isAlive()).isFalse();
        assertThat(processes.process(1).isAlive()).isTrue();
        assertThat(sessions.openCount()).isEqualTo(1);
        assertThat(sessions.evictions()).isEqualTo(1);
    }

    @Test
    void theSweeperClosesIdleInterpretersWithoutFurtherSteps() throws Exception {
        sessions = new MultiTurnSessions(processes, 10, Duration.ofSeconds(1), System::nanoTime, true);
        sessions.execute("a", ENTRY, List.of(), 1, CALLS, null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (processes.process(0).isAlive() && System.nanoTime() < deadline) Thread.sleep(100);
        assertThat(processes.process(0).isAlive()).as("closed by the sweeper within 15 s").isFalse();
        assertThat(sessions.openCount()).isZero();
    }

    @Test
    void anInterpreterExecutingAStepIsNotClosedByTheBound() throws Exception {
        sessions = new MultiTurnSessions(processes, 1, Duration.ofMinutes(10), System::nanoTime, false);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch release = new CountDownLatch(1);
            processes.gate = release;
            Future<MultiTurnSessions.Executed> a = pool.submit(() -> sessions.execute("a", ENTRY, List.of(), 1, CALLS, null));
            assertThat(processes.entered.await(10, TimeUnit.SECONDS)).isTrue();
            processes.gate = null;
            // two open, bound 1: a is executing, so b, the only idle one, is closed after its step
            sessions.execute("b", ENTRY, List.of(), 1, CALLS, null);
            assertThat(processes.process(0).isAlive()).as("the busy interpreter").isTrue();
            assertThat(processes.process(1).isAlive()).as("the idle interpreter beyond the bound").isFalse();
            release.countDown();
            a.get(10, TimeUnit.SECONDS);
            sessions.evict();
            assertThat(processes.alive()).isEqualTo(1);
            assertThat(sessions.openCount()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
