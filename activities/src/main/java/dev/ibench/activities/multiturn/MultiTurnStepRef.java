package dev.ibench.activities.multiturn;

/**
 * Names one model step of one BFCL multi-turn conversation: trial {@code trial} of the entry at {@code position} in cell
 * {@code cellId}, turn {@code turn} (0-based), step {@code step} of that turn (1-based). What workflow history carries
 * instead of messages, outputs and results. The results store keys the step as {@link #storeStep()}.
 */
public record MultiTurnStepRef(String cellId, int position, int trial, int turn, int step) {
    /** Steps of a turn a store key leaves room for (a turn's limit is at most 90, so at most 91 model steps). */
    public static final int STEPS_PER_TURN_KEY = 100;

    /** The step number in the results store's model_calls and tool_executions: {@code turn * 100 + step}. */
    public int storeStep() {
        return turn * STEPS_PER_TURN_KEY + step;
    }

    @Override
    public String toString() {
        return cellId + "#" + position + "/" + trial + " turn " + turn + " step " + step;
    }
}
