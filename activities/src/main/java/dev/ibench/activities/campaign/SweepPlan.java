package dev.ibench.activities.campaign;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Which items a {@link ScoringSweep} scores, given which items have a stored output: every hole that is stored now,
 * then the items from {@code scannedTo} on (at most {@code maxItems} scanned). While the batch runs, the scan ends after
 * the last stored item it saw, so items not started yet never become holes; once the batch has ended it ends at
 * {@code toIndex} (or after {@code maxItems}). Skipped items (failed calls) are neither scored nor holes.
 */
public record SweepPlan(List<Integer> toScore, List<Integer> holes, int scannedTo) {

    /** The last item index (exclusive) whose output a sweep needs to know about: what the store is asked for. */
    public static int scanEnd(ScoringSweep sweep) {
        return (int) Math.min(sweep.toIndex(), (long) sweep.scannedTo() + sweep.maxItems());
    }

    /** The first item index a sweep needs to know about. */
    public static int scanStart(ScoringSweep sweep) {
        int first = sweep.scannedTo();
        for (int hole : sweep.holes()) {
            first = Math.min(first, hole);
        }
        return first;
    }

    public static SweepPlan of(ScoringSweep sweep, IntPredicate stored) {
        Set<Integer> skipped = new HashSet<>(sweep.skipped());
        List<Integer> toScore = new ArrayList<>();
        List<Integer> holes = new ArrayList<>();
        for (int hole : sweep.holes()) {
            if (skipped.contains(hole)) {
                continue;
            }
            if (stored.test(hole)) {
                toScore.add(hole);
            } else {
                holes.add(hole);
            }
        }
        int end = scanEnd(sweep);
        int scannedTo = sweep.scannedTo();
        List<Integer> pending = new ArrayList<>(); // unstored items after the last stored one seen so far
        for (int index = sweep.scannedTo(); index < end; index++) {
            if (skipped.contains(index)) {
                continue;
            }
            if (stored.test(index)) {
                holes.addAll(pending);
                pending.clear();
                toScore.add(index);
                scannedTo = index + 1;
            } else {
                pending.add(index);
            }
        }
        if (sweep.settled()) {
            holes.addAll(pending);
            scannedTo = end;
        }
        holes.sort(null);
        return new SweepPlan(toScore, holes, scannedTo);
    }
}
