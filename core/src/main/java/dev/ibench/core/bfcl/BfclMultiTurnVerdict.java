package dev.ibench.core.bfcl;

import java.util.List;

/**
 * The verdict on one multi-turn entry: BFCL's all-or-nothing {@code valid} with its error type and the turn that failed
 * first, and ibench's per-turn credit: for every turn whose ground truth has calls, whether that turn's own state and
 * response checks pass ({@code null} for a turn with no ground-truth calls, which bfcl-eval does not check).
 */
public record BfclMultiTurnVerdict(boolean valid, String errorType, Integer failedTurn, List<Boolean> turnPassed) {

    /** Turns checked (ground truth with calls). */
    public long turnsChecked() {
        return turnPassed.stream().filter(p -> p != null).count();
    }

    /** Checked turns that pass their own checks. */
    public long turnsPassed() {
        return turnPassed.stream().filter(Boolean.TRUE::equals).count();
    }
}
