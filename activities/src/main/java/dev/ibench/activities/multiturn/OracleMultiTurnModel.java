package dev.ibench.activities.multiturn;

import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;

/**
 * TEST TOOL, not a model: answers each turn's first step with the ground truth's calls of that turn as a Python call list
 * and its second step with nothing (the end of the turn); a turn without ground-truth calls ends at its first step. What a
 * campaign model with an {@code oracle} profile runs in a multi-turn cell (gold replay); never cached.
 */
public final class OracleMultiTurnModel implements MultiTurnModel {
    @Override
    public ReactAgentModel.Reply next(BfclMultiTurnEntry entry, RenderedPrompt prompt, int turn, int step, int trial) {
        List<String> calls = entry.groundTruth().get(turn);
        String text = step == 1 && !calls.isEmpty() ? "[" + String.join(", ", calls) + "]" : "";
        return new ReactAgentModel.Reply(text, null, 0, 0, 0L, false, null, null, null, false);
    }
}
