package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BfclMultiTurnChecker} on hand-built traces; each expected verdict is what bfcl-eval 2026.3.23's
 * {@code multi_turn_checker} returns by reading its code: turns checked in order, the empty-turn check before the state
 * check before the response check, responses looked up among all the model's results so far with multiplicity
 * ({@code list.remove}), a turn without ground-truth calls not checked.
 */
class BfclMultiTurnCheckerTest {
    private static BfclMultiTurnTrace.Turn turn(List<List<String>> results, List<String> truthResults, String... mismatch) {
        List<List<String>> steps = results.stream().map(step -> step.stream().map(r -> "f()").toList()).toList();
        return new BfclMultiTurnTrace.Turn(steps, results, truthResults.stream().map(r -> "f()").toList(), truthResults, List.of(mismatch));
    }

    private static BfclMultiTurnVerdict check(BfclMultiTurnTrace.Turn... turns) {
        return BfclMultiTurnChecker.check(new BfclMultiTurnTrace(List.of(turns)), turns.length);
    }

    @Test
    void everyTurnMatchingIsValidWithFullPerTurnCredit() {
        BfclMultiTurnVerdict v = check(turn(List.of(List.of("a", "b")), List.of("b", "a")), turn(List.of(List.of("c"), List.of("d")), List.of("d")));
        assertThat(v.valid()).isTrue();
        assertThat(v.errorType()).isNull();
        assertThat(v.turnPassed()).containsExactly(true, true);
        assertThat(v.turnsPassed()).isEqualTo(2);
    }

    @Test
    void aResultFromAnEarlierTurnCounts() {
        // the ground truth of turn 1 returns "a", which the model already obtained in turn 0 (bfcl-eval's comment on
        // all_turn_model_execution_results)
        BfclMultiTurnVerdict v = check(turn(List.of(List.of("a")), List.of("x0")), turn(List.of(List.of("z")), List.of("a")));
        assertThat(v.errorType()).isEqualTo(BfclMultiTurnChecker.RESPONSE_MISMATCH);
        assertThat(v.failedTurn()).isEqualTo(0);
        assertThat(v.turnPassed()).containsExactly(false, true);
    }

    @Test
    void aRepeatedExpectedResultMustBeProducedAsOften() {
        BfclMultiTurnVerdict v = check(turn(List.of(List.of("x", "y")), List.of("x", "x")));
        assertThat(v.valid()).isFalse();
        assertThat(v.errorType()).isEqualTo(BfclMultiTurnChecker.RESPONSE_MISMATCH);
        assertThat(check(turn(List.of(List.of("x"), List.of("x")), List.of("x", "x"))).valid()).isTrue();
    }

    @Test
    void theFirstFailingTurnGivesTheVerdictAndLaterTurnsStillGetTheirOwnCredit() {
        BfclMultiTurnVerdict v = check(turn(List.of(List.of("a")), List.of("a")), turn(List.of(List.of("b")), List.of("b"), "GorillaFileSystem"),
                turn(List.of(List.of("c")), List.of("c")));
        assertThat(v.valid()).isFalse();
        assertThat(v.errorType()).isEqualTo(BfclMultiTurnChecker.STATE_MISMATCH);
        assertThat(v.failedTurn()).isEqualTo(1);
        assertThat(v.turnPassed()).containsExactly(true, false, true);
        assertThat(v.turnsPassed()).isEqualTo(2);
        assertThat(v.turnsChecked()).isEqualTo(3);
    }

    @Test
    void aTurnWithoutGroundTruthCallsIsNotChecked() {
        // multi_turn_miss_func: the turn where the function is missing; the model's calls there execute but are not judged
        BfclMultiTurnTrace.Turn unchecked = new BfclMultiTurnTrace.Turn(List.of(List.of("rm()")), List.of(List.of("oops")), List.of(), List.of(),
                List.of("GorillaFileSystem"));
        BfclMultiTurnVerdict v = check(turn(List.of(List.of("a")), List.of("a")), unchecked, turn(List.of(List.of("b")), List.of("oops")));
        assertThat(v.valid()).isTrue();
        assertThat(v.turnPassed()).containsExactly(true, null, true);
        assertThat(v.turnsChecked()).isEqualTo(2);
    }

    @Test
    void noStepOrOneEmptyStepIsAnEmptyTurnWhichWinsOverState() {
        BfclMultiTurnTrace.Turn none = new BfclMultiTurnTrace.Turn(List.of(), List.of(), List.of("f()"), List.of("a"), List.of("MathAPI"));
        assertThat(check(none).errorType()).isEqualTo(BfclMultiTurnChecker.EMPTY_TURN);
        BfclMultiTurnTrace.Turn oneEmpty = new BfclMultiTurnTrace.Turn(List.of(List.of()), List.of(List.of()), List.of("f()"), List.of("a"), List.of());
        assertThat(check(oneEmpty).errorType()).isEqualTo(BfclMultiTurnChecker.EMPTY_TURN);
        // is_empty_execute_response looks at one step only: two empty steps are not "empty", so the state check decides
        BfclMultiTurnTrace.Turn twoEmpty = new BfclMultiTurnTrace.Turn(List.of(List.of(), List.of()), List.of(List.of(), List.of()), List.of("f()"),
                List.of("a"), List.of("MathAPI"));
        assertThat(check(twoEmpty).errorType()).isEqualTo(BfclMultiTurnChecker.STATE_MISMATCH);
    }

    @Test
    void anotherNumberOfTurnsIsForceTerminated() {
        BfclMultiTurnVerdict v = BfclMultiTurnChecker.check(new BfclMultiTurnTrace(List.of(turn(List.of(List.of("a")), List.of("a")))), 2);
        assertThat(v.valid()).isFalse();
        assertThat(v.errorType()).isEqualTo(BfclMultiTurnChecker.FORCE_TERMINATED);
        assertThat(v.turnPassed()).isEqualTo(Arrays.asList(false, false));
    }
}
