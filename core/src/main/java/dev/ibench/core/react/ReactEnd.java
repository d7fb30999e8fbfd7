package dev.ibench.core.react;

/** How a trajectory ended. */
public enum ReactEnd {
    /** The agent gave a Final Answer within the budget. */
    FINAL_ANSWER,
    /** The budget of steps was used up without a Final Answer (seed: OOB). */
    OUT_OF_BUDGET,
    /** The run stopped early without an answer, e.g. the prompt outgrew the model's context window. */
    ABORTED;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
