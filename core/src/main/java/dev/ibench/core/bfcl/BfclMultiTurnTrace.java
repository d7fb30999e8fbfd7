package dev.ibench.core.bfcl;

import java.util.List;

/**
 * What executing one multi-turn entry gave, turn by turn, the input of {@link BfclMultiTurnChecker}: the model's
 * decoded calls per step and their execution results, the ground truth's calls and results (on separate backend
 * instances from the same initial state), and the backend classes whose public state differs after the turn.
 */
public record BfclMultiTurnTrace(List<Turn> turns) {

    /**
     * @param modelSteps      the model's decoded calls of each step (Python call text), as executed
     * @param modelResults    their execution results, one list per step (a result is the call's return value as text, or
     *                        {@code Error during execution: ...})
     * @param groundTruth     the ground truth's calls of this turn
     * @param groundTruthResults their execution results
     * @param stateMismatch   the involved classes (in involved order) whose public attributes differ between the model's
     *                        and the ground truth's instances after this turn
     */
    public record Turn(List<List<String>> modelSteps, List<List<String>> modelResults, List<String> groundTruth,
            List<String> groundTruthResults, List<String> stateMismatch) {}
}
