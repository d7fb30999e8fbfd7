package dev.ibench.core.bfcl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A multi-turn category's scores over its entries' verdicts: BFCL's official all-or-nothing accuracy (entries valid /
 * entries) and ibench's per-turn accuracy (checked turns that pass their own checks / checked turns, pooled over the
 * entries; a turn without ground-truth calls is not checked, as bfcl-eval does not check it), with the failed entries
 * counted by their first error type.
 */
public record BfclMultiTurnAccuracy(int entries, int valid, long turnsChecked, long turnsPassed, Map<String, Integer> errorTypes) {

    public static BfclMultiTurnAccuracy of(List<BfclMultiTurnVerdict> verdicts) {
        int valid = 0;
        long checked = 0;
        long passed = 0;
        Map<String, Integer> errors = new LinkedHashMap<>();
        for (BfclMultiTurnVerdict v : verdicts) {
            if (v.valid()) {
                valid++;
            } else {
                errors.merge(v.errorType(), 1, Integer::sum);
            }
            checked += v.turnsChecked();
            passed += v.turnsPassed();
        }
        return new BfclMultiTurnAccuracy(verdicts.size(), valid, checked, passed, errors);
    }

    /** BFCL's accuracy: the share of entries whose every checked turn passes (0 without entries). */
    public double accuracy() {
        return entries == 0 ? 0 : valid / (double) entries;
    }

    /** Per-turn accuracy: turns correct / turns checked (0 without checked turns). */
    public double turnAccuracy() {
        return turnsChecked == 0 ? 0 : turnsPassed / (double) turnsChecked;
    }
}
