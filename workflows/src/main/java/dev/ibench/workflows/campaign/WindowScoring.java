package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.ScoringSweep;
import dev.ibench.activities.campaign.SweepResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What of a window batch's range is scored: every item from the batch's first index up to {@code scannedTo} is scored,
 * except the {@code holes} (calls in flight at the last sweep, at most the window). Builds each {@link ScoringSweep} and
 * takes its {@link SweepResult}; deterministic, it lives in workflow state.
 */
final class WindowScoring {
    /** Items one sweep scans at most: a scoring activity of a few seconds. */
    static final int MAX_ITEMS = 2000;

    private final String cellId;
    private final int trials;
    private int scannedTo;
    private List<Integer> holes = List.of();

    WindowScoring(String cellId, int trials, int from) {
        this.cellId = cellId;
        this.trials = trials;
        this.scannedTo = from;
    }

    /** A sweep while the batch runs, over its range up to {@code toIndex}. */
    ScoringSweep running(int toIndex) {
        return new ScoringSweep(cellId, trials, holes, scannedTo, Math.max(toIndex, scannedTo), MAX_ITEMS, false, List.of());
    }

    /** A sweep once the batch ended: its started items up to {@code toIndex}, without the items whose call failed. */
    ScoringSweep settled(int toIndex, List<Integer> failedCalls) {
        return new ScoringSweep(cellId, trials, holes, scannedTo, Math.max(toIndex, scannedTo), MAX_ITEMS, true, failedCalls);
    }

    void took(SweepResult result) {
        scannedTo = result.scannedTo();
        holes = result.holes();
    }

    /** Whether a settled sweep up to {@code toIndex} has work left: items not scanned yet, or holes that may be stored now. */
    boolean scanned(int toIndex) {
        return scannedTo >= toIndex;
    }

    int scannedTo() {
        return scannedTo;
    }

    /** The items still unscored below {@code scannedTo}, without {@code failedCalls}. */
    List<Integer> holesWithout(List<Integer> failedCalls) {
        List<Integer> left = new ArrayList<>(holes);
        left.removeAll(failedCalls);
        return left;
    }
}
