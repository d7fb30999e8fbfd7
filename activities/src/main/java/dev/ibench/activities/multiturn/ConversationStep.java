package dev.ibench.activities.multiturn;

/**
 * Where one model step of a conversation lives in the results store, whatever the conversation is (a multi-turn entry,
 * a memory question, a memory scenario's prerequisite conversation): the cell, the conversation's id in
 * {@code sample_id}, the trial, the turn (0-based) and the step in it (1-based); {@code label} names it in errors.
 */
public record ConversationStep(String cellId, String sampleId, int trial, int turn, int step, String label) {
    /** The step number in {@code model_calls} and {@code tool_executions}, as {@link MultiTurnStepRef#storeStep()}. */
    public int storeStep() {
        return turn * MultiTurnStepRef.STEPS_PER_TURN_KEY + step;
    }

    static ConversationStep of(MultiTurnStepRef ref, String sampleId) {
        return new ConversationStep(ref.cellId(), sampleId, ref.trial(), ref.turn(), ref.step(), ref.toString());
    }

    @Override
    public String toString() {
        return label;
    }
}
