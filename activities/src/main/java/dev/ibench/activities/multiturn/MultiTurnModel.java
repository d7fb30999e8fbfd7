package dev.ibench.activities.multiturn;

import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;

/**
 * The model behind a multi-turn cell: given the step's request, its turn as the results store keeps it. A prompting model
 * gets chat messages and answers text; a function-calling one ({@link #functionCalling()}: a {@code mode: tools}
 * profile) gets messages with native tools and answers a stored native turn ({@code NativeTurnText}).
 * {@link GatewayMultiTurnModel} sends them through the model's gateway (cache, retries, limits, ledger);
 * {@link OracleMultiTurnModel} is the scripted test tool.
 */
public interface MultiTurnModel {
    ReactAgentModel.Reply next(BfclMultiTurnEntry entry, RenderedPrompt prompt, int turn, int step, int trial);

    /** The step of a prompting model: {@code messages} without native tools. */
    default ReactAgentModel.Reply next(BfclMultiTurnEntry entry, List<ChatMessage> messages, int turn, int step, int trial) {
        return next(entry, RenderedPrompt.chat(messages, List.of()), turn, step, trial);
    }

    /** Whether this model is run as bfcl-eval's function-calling handlers run theirs (native tools and tool messages). */
    default boolean functionCalling() {
        return false;
    }
}
