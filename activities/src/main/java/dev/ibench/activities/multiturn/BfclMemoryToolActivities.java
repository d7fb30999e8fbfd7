package dev.ibench.activities.multiturn;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * A memory scenario's backend side, on the tools queue: the scenario's start (its conversations, and how many already have
 * their memory stored), the execution of a prerequisite step's calls in the conversation's interpreter, and the memory a
 * finished conversation leaves (its snapshot stored by hash, which the next conversation and the questions start from).
 */
@ActivityInterface
public interface BfclMemoryToolActivities {
    @ActivityMethod(name = "BfclMemoryBegin")
    BfclMemoryScenarioStart begin(BfclMemoryScenarioRef ref);

    @ActivityMethod(name = "BfclMemoryExecute")
    MultiTurnExecSummary execute(BfclMemoryStepRef ref);

    /** Stores the memory after the conversation; its snapshot's artifact reference ({@code sha256:...}). */
    @ActivityMethod(name = "BfclMemorySnapshot")
    String snapshot(BfclMemoryConversationRef ref);
}
