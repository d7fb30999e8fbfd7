package dev.ibench.activities.multiturn;

import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.prompt.ChatMessage;
import java.util.List;

/**
 * The model behind a multi-turn cell: given the step's messages, its text. {@link GatewayMultiTurnModel} sends them
 * through the model's gateway (cache, retries, limits, ledger); {@link OracleMultiTurnModel} is the scripted test tool.
 */
public interface MultiTurnModel {
    ReactAgentModel.Reply next(BfclMultiTurnEntry entry, List<ChatMessage> messages, int turn, int step, int trial);
}
