package dev.ibench.workflows.durability;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** Runs one slow heartbeating activity; proves a run survives worker and server crashes. */
@WorkflowInterface
public interface DurabilityCheckWorkflow {

    @WorkflowMethod
    DurabilityCheckResult run(DurabilityCheckRequest request);
}
