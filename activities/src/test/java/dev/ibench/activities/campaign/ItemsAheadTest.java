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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
