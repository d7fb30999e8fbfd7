package dev.ibench.activities.multiturn;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Closes a finished conversation's interpreter on the worker process that holds it: served on that process's own queue
 * ({@link MultiTurnSessions#queueFor(String)}), which a step's {@link MultiTurnExecSummary#sessionQueue()} names, so
 * every worker that executed a step of the conversation is reached, whichever worker scores it.
 */
@ActivityInterface
public interface MultiTurnSessionActivities {
    @ActivityMethod(name = "MultiTurnCloseSession")
    void close(MultiTurnEntryRef entry);

    /** Closes a memory scenario's prerequisite conversation's interpreter (its memory is stored). */
    @ActivityMethod(name = "BfclMemoryCloseSession")
    void closeMemoryConversation(BfclMemoryConversationRef conversation);
}
