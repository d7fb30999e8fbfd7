package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class ItemsAheadTest {
    @Test
    void aSlotsOwnItemIsReadiedBeforeTheItemItTakesNextStarts() throws Exception {
        Set<Integer> started = ConcurrentHashMap.newKeySet();
        Set<Integer> startedWhileZeroWasReadied = ConcurrentHashMap.newKeySet();
        try (ItemsAhead<String> ahead = new ItemsAhead<>(0, 4, 2, i -> {
            started.add(i);
            if (i == 0) {
                sleep(200); // long enough for a background thread to start item 2 if it had been handed out already
                startedWhileZeroWasReadied.addAll(started);
            }
            return "item " + i;
        })) {
            assertThat(ahead.take(0)).isEqualTo("item 0");
            assertThat(startedWhileZeroWasReadied).containsExactly(0);
            assertThat(ahead.take(1)).isEqualTo("item 1");
            assertThat(ahead.take(2)).isEqualTo("item 2");
            assertThat(ahead.take(3)).isEqualTo("item 3");
            assertThat(started).containsExactlyInAnyOrder(0, 1, 2, 3);
        }
    }

    @Test
    void aFailureGoesToTheSlotThatTakesTheItemAndItsNextItemIsStillReadiedAhead() throws Exception {
        Set<Integer> started = ConcurrentHashMap.newKeySet();
        try (ItemsAhead<String> ahead = new ItemsAhead<>(10, 3, 1, i -> {
            started.add(i);
            if (i == 10) {
                throw new IllegalArgumentException("no sample at 10");
            }
            return "item " + i;
        })) {
            assertThatThrownBy(() -> ahead.take(10)).isInstanceOf(IllegalArgumentException.class).hasMessage("no sample at 10");
            long deadline = System.currentTimeMillis() + 5000;
            while (!started.contains(11) && System.currentTimeMillis() < deadline) {
                sleep(5);
            }
            assertThat(started).as("item 11 readied in the background after 10 failed").contains(11);
            assertThat(ahead.take(11)).isEqualTo("item 11");
            assertThat(ahead.take(12)).isEqualTo("item 12");
        }
    }

    /**
     * Issue 33 (heap): slots reach {@code take} in any order. When item i + distance is taken before item i, the late
     * request to ready i + distance ahead must be dropped; before, each such item was readied again and held until the
     * batch ended, so what a window batch held grew with its length. Here every item is taken before the item
     * {@code distance} before it (the worst order): 1,000 items, distance 4.
     */
    @Test
    void itemsTakenBeforeTheirPredecessorAskedAreNotReadiedAgainNorHeld() throws Exception {
        int count = 1000;
        int distance = 4;
        java.util.Map<Integer, java.util.concurrent.atomic.AtomicInteger> readies = new ConcurrentHashMap<>();
        try (ItemsAhead<String> ahead = new ItemsAhead<>(0, count, distance, i -> {
            readies.computeIfAbsent(i, k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
            return "item " + i;
        })) {
            int maxHeld = 0;
            for (int i = count - 1; i >= 0; i--) {
                assertThat(ahead.take(i)).isEqualTo("item " + i);
                maxHeld = Math.max(maxHeld, ahead.held());
            }
            assertThat(maxHeld).as("entries held at once, at most the distance").isLessThanOrEqualTo(distance);
            assertThat(ahead.held()).as("entries held once every item is taken").isZero();
            sleep(100); // a request not dropped would be readied by a background thread meanwhile
            assertThat(readies).hasSize(count);
            assertThat(readies.values()).as("each item readied once").allMatch(n -> n.get() == 1);
        }
    }

    /** The same race with two threads: item 2's slot takes it while item 0's slot is still readying item 0. */
    @Test
    void aSlotThatOvertakesItsPredecessorLeavesNothingHeld() throws Exception {
        java.util.concurrent.CountDownLatch zeroStarted = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch releaseZero = new java.util.concurrent.CountDownLatch(1);
        java.util.Map<Integer, java.util.concurrent.atomic.AtomicInteger> readies = new ConcurrentHashMap<>();
        try (ItemsAhead<String> ahead = new ItemsAhead<>(0, 4, 2, i -> {
            readies.computeIfAbsent(i, k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
            if (i == 0) {
                zeroStarted.countDown();
                await(releaseZero);
            }
            return "item " + i;
        })) {
            java.util.concurrent.CompletableFuture<String> zero = java.util.concurrent.CompletableFuture.supplyAsync(() -> ahead.take(0));
            await(zeroStarted);
            assertThat(ahead.take(2)).isEqualTo("item 2"); // item 0's slot has not asked for item 2 yet
            releaseZero.countDown();
            assertThat(zero.get(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("item 0");
            assertThat(ahead.take(1)).isEqualTo("item 1");
            assertThat(ahead.take(3)).isEqualTo("item 3");
            assertThat(ahead.held()).as("entries held once every item is taken").isZero();
            sleep(100);
            assertThat(readies.get(2).get()).as("item 2 readied once").isEqualTo(1);
        }
    }

    private static void await(java.util.concurrent.CountDownLatch latch) {
        try {
            assertThat(latch.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
