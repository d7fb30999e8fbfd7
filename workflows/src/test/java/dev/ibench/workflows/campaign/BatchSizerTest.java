package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Batch sizes near a cell's end (values worked out by hand from the rule: whole rounds, at most half of what is left). */
class BatchSizerTest {
    @Test
    void farFromTheEndABatchKeepsItsRounds() {
        assertThat(BatchSizer.towardsTheEnd(112, 16, 2000)).isEqualTo(112);
    }

    @Test
    void aBatchCappedByTheItemLimitIsCutToWholeRounds() {
        // 1,000 items at 64 at once would leave a last round of 40 with 24 idle slots: 15 rounds = 960
        assertThat(BatchSizer.towardsTheEnd(1000, 64, 100_000)).isEqualTo(960);
    }

    @Test
    void nearTheEndEachBatchTakesAtMostHalfOfWhatIsLeftInWholeRounds() {
        assertThat(BatchSizer.towardsTheEnd(112, 16, 150)).isEqualTo(80);  // half is 75: 5 rounds of 16
        assertThat(BatchSizer.towardsTheEnd(112, 16, 70)).isEqualTo(48);   // half is 35: 3 rounds
        assertThat(BatchSizer.towardsTheEnd(112, 16, 22)).isEqualTo(16);   // half is 11: one round
        assertThat(BatchSizer.towardsTheEnd(112, 16, 5)).isEqualTo(5);     // less than a round left: all of it
        assertThat(BatchSizer.towardsTheEnd(1, 1, 1)).isEqualTo(1);
    }
}
