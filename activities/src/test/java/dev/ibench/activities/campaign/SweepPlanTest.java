package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which items a scoring sweep of a running or ended window batch scores, and which it leaves as holes. */
class SweepPlanTest {

    private static ScoringSweep running(List<Integer> holes, int scannedTo, int to, int max) {
        return new ScoringSweep("c", 1, holes, scannedTo, to, max, false, List.of());
    }

    @Test
    void whileTheBatchRunsTheScanEndsAfterTheLastStoredItemAndTheCallsInFlightBeforeItAreHoles() {
        // items 10..19 of a batch up to 100: 10, 11, 13, 16 stored; 12, 14, 15 in flight; 17.. not started
        Set<Integer> stored = Set.of(10, 11, 13, 16);
        SweepPlan plan = SweepPlan.of(running(List.of(), 10, 100, 50), stored::contains);
        assertThat(plan.toScore()).containsExactly(10, 11, 13, 16);
        assertThat(plan.holes()).containsExactly(12, 14, 15);
        assertThat(plan.scannedTo()).isEqualTo(17);
    }

    @Test
    void theNextSweepScoresTheHolesStoredSinceAndKeepsTheOthers() {
        Set<Integer> stored = Set.of(12, 15, 17, 18);
        SweepPlan plan = SweepPlan.of(running(List.of(12, 14, 15), 17, 100, 50), stored::contains);
        assertThat(plan.toScore()).containsExactly(12, 15, 17, 18);
        assertThat(plan.holes()).containsExactly(14);
        assertThat(plan.scannedTo()).isEqualTo(19);
    }

    @Test
    void nothingStoredYetLeavesTheScanWhereItWas() {
        SweepPlan plan = SweepPlan.of(running(List.of(3), 5, 100, 50), i -> false);
        assertThat(plan.toScore()).isEmpty();
        assertThat(plan.holes()).containsExactly(3);
        assertThat(plan.scannedTo()).isEqualTo(5);
    }

    @Test
    void aSweepScansAtMostMaxItemsAndNeverPastTheBatchEnd() {
        SweepPlan capped = SweepPlan.of(running(List.of(), 0, 100, 30), i -> true);
        assertThat(capped.toScore()).hasSize(30);
        assertThat(capped.scannedTo()).isEqualTo(30);
        SweepPlan atEnd = SweepPlan.of(running(List.of(), 90, 95, 30), i -> true);
        assertThat(atEnd.toScore()).containsExactly(90, 91, 92, 93, 94);
        assertThat(atEnd.scannedTo()).isEqualTo(95);
        assertThat(SweepPlan.scanEnd(running(List.of(), 90, 95, 30))).isEqualTo(95);
        assertThat(SweepPlan.scanStart(running(List.of(7, 40), 90, 95, 30))).isEqualTo(7);
    }

    @Test
    void onceTheBatchEndedTheScanReachesTheEndAndFailedCallsAreNeitherScoredNorHoles() {
        // the batch started 20..29; 22 and 28 failed (no output); 25 was answered but its write failed (not stored, not reported)
        ScoringSweep settled = new ScoringSweep("c", 1, List.of(21, 22), 24, 30, 50, true, List.of(22, 28));
        Set<Integer> stored = Set.of(21, 24, 26, 27, 29);
        SweepPlan plan = SweepPlan.of(settled, stored::contains);
        assertThat(plan.toScore()).containsExactly(21, 24, 26, 27, 29);
        assertThat(plan.holes()).containsExactly(25);
        assertThat(plan.scannedTo()).isEqualTo(30);
    }

    @Test
    void trialsMapItemIndicesToPositions() {
        ScoringSweep sweep = new ScoringSweep("c", 3, List.of(), 7, 9, 5, false, List.of());
        assertThat(sweep.item(7)).isEqualTo(new WorkItem("c", 2, 1));
    }
}
