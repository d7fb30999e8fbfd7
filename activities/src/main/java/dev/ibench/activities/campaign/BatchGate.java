package dev.ibench.activities.campaign;

/**
 * Whether the cell workflow that started a model-call batch still wants items from it. A batch asks about once a
 * second ({@link ItemBatch#yieldsWhenAsked}); once the answer is no (the cell was paused or its window made smaller)
 * it starts no further item, lets the calls in flight finish and returns the rest of its range unstarted, so a pause
 * takes effect within about a second whatever the batch's length.
 */
public interface BatchGate {
    /** A gate that never closes: batches run their whole range (tests, and tools that run no cell workflow). */
    BatchGate ALWAYS_OPEN = cellWorkflowId -> true;

    /**
     * @param cellWorkflowId the workflow that scheduled the batch
     * @return false once that workflow takes no more items from its running batches; true when it does, and when it
     *     cannot be asked (a batch then runs on, as one without a gate would)
     */
    boolean open(String cellWorkflowId);
}
