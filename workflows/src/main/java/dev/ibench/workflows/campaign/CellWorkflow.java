package dev.ibench.workflows.campaign;

import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** Runs one campaign cell: every (sample, trial) through model call and scoring, a bounded window at a time. */
@WorkflowInterface
public interface CellWorkflow {
    @WorkflowMethod
    CellProgress run(CellInput input);

    @SignalMethod
    void pause();

    @SignalMethod
    void resume();

    @SignalMethod
    void setSamplesInFlight(int samplesInFlight);

    @QueryMethod
    CellProgress progress();

    /**
     * Whether the cell's running model-call batches should go on starting items: false once it is paused, stopped, or
     * its window is smaller than the slots its batches hold. Batches ask about once a second and yield when it is false.
     */
    @QueryMethod
    boolean batchesMayContinue();
}
