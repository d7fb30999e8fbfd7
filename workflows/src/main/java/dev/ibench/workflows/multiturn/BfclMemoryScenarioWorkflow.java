package dev.ibench.workflows.multiturn;

import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowMethod;

/**
 * A BFCL memory scenario's prerequisite conversations in one trial of a cell, as durable steps, before its questions run:
 * each conversation turn by turn as a multi-turn conversation (model steps on the LLM queue, their calls executed on the
 * tools queue against bfcl-eval's memory backend), then the memory it left stored by hash; the next conversation starts
 * from it. History holds step numbers, short summaries and the snapshots' hashes; outputs, calls, results and snapshots
 * are in the stores, so a retried step reads its stored output back and a new run of the scenario resumes after the last
 * conversation whose memory is stored. Returns what the model steps paid.
 */
@WorkflowInterface
public interface BfclMemoryScenarioWorkflow {
    @WorkflowMethod
    TrajectorySpend run(BfclMemoryScenarioInput input);

    /** Holds the scenario before its next model step (its cell was paused): nothing more is asked until {@link #resume()}. */
    @SignalMethod
    void pause();

    @SignalMethod
    void resume();

    static String workflowId(String cellId, String scenario, int trial) {
        return "ibench-memory-" + cellId + "-" + scenario + "-" + trial;
    }
}
