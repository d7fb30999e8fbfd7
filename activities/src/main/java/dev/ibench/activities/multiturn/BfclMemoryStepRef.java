package dev.ibench.activities.multiturn;

/**
 * Names one model step of a memory scenario's prerequisite conversation: turn {@code turn} (0-based), step {@code step}
 * (1-based) of conversation {@code conversation} of {@code scenario} in trial {@code trial} of cell {@code cellId}. What
 * workflow history carries instead of messages, outputs and results; the results store keeps the step under the
 * conversation's id as its {@code sample_id} ({@link ConversationStep}).
 */
public record BfclMemoryStepRef(String cellId, String scenario, int trial, int conversation, int turn, int step) {
    public BfclMemoryConversationRef conversationRef() {
        return new BfclMemoryConversationRef(cellId, scenario, trial, conversation);
    }

    @Override
    public String toString() {
        return conversationRef() + " turn " + turn + " step " + step;
    }
}
