package dev.ibench.workflows.multiturn;

import dev.ibench.workflows.react.TrajectorySpend;

/**
 * The prerequisite conversations to run: those of {@code scenario} in trial {@code trial} of memory cell {@code cellId},
 * with the cell's model (its LLM task queue) and the step limit per turn.
 */
public record BfclMemoryScenarioInput(String campaignId, String cellId, String model, String llmTaskQueue, String scenario, int trial,
                                      int stepsPerTurn, TrajectorySpend spentBefore, int historyEventsBeforeContinue) {
    /** The history length past which a run continues as new (Temporal's own suggestion also counts). */
    public static final int HISTORY_EVENTS_BEFORE_CONTINUE = 6000;

    /** A scenario's first run: nothing spent before it, the default history bound. */
    public BfclMemoryScenarioInput(String campaignId, String cellId, String model, String llmTaskQueue, String scenario, int trial,
                                   int stepsPerTurn) {
        this(campaignId, cellId, model, llmTaskQueue, scenario, trial, stepsPerTurn, null, 0);
    }

    /** What the runs before this one paid (none for a first run, or one recorded before the field existed). */
    public TrajectorySpend spentBefore() {
        return spentBefore == null ? TrajectorySpend.NONE : spentBefore;
    }

    /** The bound this run continues as new past: the default unless a test set a smaller one. */
    public int historyEventsBeforeContinue() {
        return historyEventsBeforeContinue > 0 ? historyEventsBeforeContinue : HISTORY_EVENTS_BEFORE_CONTINUE;
    }

    /** The next run's input: this one with {@code spent} paid so far. */
    BfclMemoryScenarioInput continuedWith(TrajectorySpend spent) {
        return new BfclMemoryScenarioInput(campaignId, cellId, model, llmTaskQueue, scenario, trial, stepsPerTurn, spent,
                historyEventsBeforeContinue);
    }
}
