package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.ResultsDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 34: at most {@code capacity} answers are paid and unwritten. With both places reserved and the store stalled
 * (a write waiting on a latch, standing in for a partitioned or stopped database), a third item cannot reserve a place,
 * so it sends nothing; once the stalled group fails (and its items are tried one by one) both places are freed, the
 * failure reported before the place is, so a waiting item sees it first.
 */
class GroupedOutputWriterTest {
    @TempDir Path tmp;

    @Test
    void aStalledStoreHoldsBackTheNextRequestUntilTheUnwrittenAnswersAreWrittenOrFailed() throws Exception {
        CountDownLatch storeAnswers = new CountDownLatch(1);
        List<String> events = new CopyOnWriteArrayList<>();
        try (ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             GroupedOutputWriter writer = new GroupedOutputWriter(database, new SimpleMeterRegistry(), 2, "test")) {
            writer.reserve();
            writer.reserve();
            CompletableFuture<Void> third = CompletableFuture.runAsync(() -> {
                writer.reserve();
                events.add("third reserved");
            });
            assertThatThrownBy(() -> third.get(300, TimeUnit.MILLISECONDS)).as("no third place while two answers are unwritten")
                    .isInstanceOf(TimeoutException.class);

            writer.submit(new GroupedOutputWriter.Pending(() -> {
                await(storeAnswers);
                throw new IllegalStateException("the store is gone");
            }, () -> events.add("a written"), e -> events.add("a failed: " + e.getMessage())));
            writer.submit(new GroupedOutputWriter.Pending(() -> { }, () -> events.add("b written"), e -> events.add("b failed")));
            assertThatThrownBy(() -> third.get(300, TimeUnit.MILLISECONDS)).as("submitted is not written")
                    .isInstanceOf(TimeoutException.class);

            storeAnswers.countDown();
            third.get(5, TimeUnit.SECONDS);
            assertThat(events).first().isEqualTo("a failed: the store is gone");
            assertThat(events).contains("third reserved");
            writer.unreserve();
        }
        assertThat(events).containsExactlyInAnyOrder("a failed: the store is gone", "third reserved", "b written");
    }

    /**
     * Issue 46: while a batch waits for its model the writer thread sleeps on its queue until an item (or close) comes,
     * instead of waking every 20 ms to look (about 2 ms of CPU per second of a campaign). Its state tells: WAITING
     * (untimed) rather than TIMED_WAITING; close still writes what was queued before it.
     */
    @Test
    void anIdleWriterWaitsWithoutATimeoutAndCloseStillWritesWhatWasQueued() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"))) {
            GroupedOutputWriter writer = new GroupedOutputWriter(database, new SimpleMeterRegistry(), 2, "idle-test");
            Thread thread = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("ibench-output-writer idle-test")).findFirst().orElseThrow();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (thread.getState() == Thread.State.RUNNABLE && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            for (int look = 0; look < 20; look++) { // over 200 ms, ten of the old 20 ms polls
                assertThat(thread.getState()).as("the idle writer thread's state").isEqualTo(Thread.State.WAITING);
                Thread.sleep(10);
            }
            writer.reserve();
            writer.submit(new GroupedOutputWriter.Pending(() -> { }, () -> events.add("written"), e -> events.add("failed")));
            writer.close();
            assertThat(events).containsExactly("written");
            assertThat(thread.isAlive()).isFalse();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
