package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.List;

/**
 * BFCL's multi-turn verdict, following bfcl-eval 2026.3.23's {@code multi_turn_checker} (and the turn-count check of
 * {@code eval_runner._evaluate_single_multi_turn_entry}) on an executed {@link BfclMultiTurnTrace}:
 * <ol>
 *   <li>a model result with another number of turns than the ground truth: {@code multi_turn:force_terminated};</li>
 *   <li>per turn, in order, for a turn whose ground truth has calls: no step (or one step without calls):
 *       {@code multi_turn:empty_turn_model_response}; an involved class whose public state differs from the ground
 *       truth's after the turn: {@code multi_turn:instance_state_mismatch}; a ground-truth result (counted with
 *       multiplicity) missing from the model's results of this and all earlier turns:
 *       {@code multi_turn:execution_response_mismatch}. A turn with no ground-truth calls is not checked.</li>
 * </ol>
 * The entry is valid when every checked turn passes. Beside it ibench gives each checked turn its own pass/fail with
 * the same three checks (partial credit; a turn after a failed one is still judged on its own state).
 */
public final class BfclMultiTurnChecker {
    public static final String FORCE_TERMINATED = "multi_turn:force_terminated";
    public static final String EMPTY_TURN = "multi_turn:empty_turn_model_response";
    public static final String STATE_MISMATCH = "multi_turn:instance_state_mismatch";
    public static final String RESPONSE_MISMATCH = "multi_turn:execution_response_mismatch";

    private BfclMultiTurnChecker() {}

    public static BfclMultiTurnVerdict check(BfclMultiTurnTrace trace, int groundTruthTurns) {
        List<BfclMultiTurnTrace.Turn> turns = trace.turns();
        if (turns.size() != groundTruthTurns) {
            List<Boolean> none = new ArrayList<>();
            for (int i = 0; i < groundTruthTurns; i++) {
                none.add(false);
            }
            return new BfclMultiTurnVerdict(false, FORCE_TERMINATED, null, none);
        }
        String errorType = null;
        Integer failedTurn = null;
        List<Boolean> passed = new ArrayList<>();
        List<String> modelResultsSoFar = new ArrayList<>();
        for (int t = 0; t < turns.size(); t++) {
            BfclMultiTurnTrace.Turn turn = turns.get(t);
            turn.modelResults().forEach(modelResultsSoFar::addAll);
            if (turn.groundTruth().isEmpty()) {
                passed.add(null);
                continue;
            }
            String failure = turnFailure(turn, modelResultsSoFar);
            passed.add(failure == null);
            if (failure != null && errorType == null) {
                errorType = failure;
                failedTurn = t;
            }
        }
        return new BfclMultiTurnVerdict(errorType == null, errorType, failedTurn, passed);
    }

    private static String turnFailure(BfclMultiTurnTrace.Turn turn, List<String> modelResultsSoFar) {
        List<List<String>> steps = turn.modelSteps();
        if (steps.isEmpty() || (steps.size() == 1 && steps.get(0).isEmpty())) {
            return EMPTY_TURN;
        }
        if (!turn.stateMismatch().isEmpty()) {
            return STATE_MISMATCH;
        }
        List<String> remaining = new ArrayList<>(modelResultsSoFar);
        for (String expected : turn.groundTruthResults()) {
            if (!remaining.remove(expected)) {
                return RESPONSE_MISMATCH;
            }
        }
        return null;
    }
}
