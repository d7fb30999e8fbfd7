package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Official all-or-nothing accuracy and per-turn accuracy of a category, computed by hand on three entries. */
class BfclMultiTurnAccuracyTest {
    @Test
    void accuracyIsOverEntriesAndTurnAccuracyOverCheckedTurns() {
        List<BfclMultiTurnVerdict> verdicts = List.of(
                // valid: 3 checked turns pass, one turn without ground-truth calls is not checked
                new BfclMultiTurnVerdict(true, null, null, Arrays.asList(true, null, true, true)),
                // fails at turn 1; turns 0 and 2 pass on their own
                new BfclMultiTurnVerdict(false, BfclMultiTurnChecker.STATE_MISMATCH, 1, List.of(true, false, true)),
                // force-terminated: every turn counts as failed
                new BfclMultiTurnVerdict(false, BfclMultiTurnChecker.FORCE_TERMINATED, null, List.of(false, false)));
        BfclMultiTurnAccuracy a = BfclMultiTurnAccuracy.of(verdicts);
        assertThat(a.entries()).isEqualTo(3);
        assertThat(a.valid()).isEqualTo(1);
        assertThat(a.accuracy()).isEqualTo(1 / 3.0);
        // turns checked: 3 + 3 + 2 = 8; passed: 3 + 2 + 0 = 5
        assertThat(a.turnsChecked()).isEqualTo(8);
        assertThat(a.turnsPassed()).isEqualTo(5);
        assertThat(a.turnAccuracy()).isEqualTo(5 / 8.0);
        assertThat(a.errorTypes()).isEqualTo(Map.of(BfclMultiTurnChecker.STATE_MISMATCH, 1, BfclMultiTurnChecker.FORCE_TERMINATED, 1));
    }

    @Test
    void noEntriesIsZeroNotNaN() {
        assertThat(BfclMultiTurnAccuracy.of(List.of()).accuracy()).isZero();
        assertThat(BfclMultiTurnAccuracy.of(List.of()).turnAccuracy()).isZero();
    }
}
