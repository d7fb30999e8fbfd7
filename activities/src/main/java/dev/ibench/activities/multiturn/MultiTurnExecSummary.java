package dev.ibench.activities.multiturn;

/**
 * What executing a step's calls gave: how many ran, a short preview of their results, whether they had run before
 * (read back from the store) and whether this worker had to rebuild the entry's backends by replaying the recorded
 * calls (its interpreter was lost, e.g. with a killed worker); {@code sessionQueue} is the task queue of the worker
 * process that now holds the conversation's interpreter ({@link MultiTurnSessionActivities}), null when no interpreter
 * was used (a step read back from the store, or a run recorded before the field existed).
 */
public record MultiTurnExecSummary(int calls, String preview, boolean reused, boolean rebuilt, String sessionQueue) {
    public MultiTurnExecSummary(int calls, String preview, boolean reused, boolean rebuilt) {
        this(calls, preview, reused, rebuilt, null);
    }

    /** This summary naming {@code queue} as the one that reaches the interpreter it used. */
    public MultiTurnExecSummary heldOn(String queue) {
        return new MultiTurnExecSummary(calls, preview, reused, rebuilt, queue);
    }
}
