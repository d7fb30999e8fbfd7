package dev.ibench.workers.worker.roles;

import dev.ibench.activities.durability.DurabilityCheckActivitiesImpl;
import dev.ibench.workers.worker.RoleRegistration;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflowImpl;
import io.temporal.worker.Worker;

/** The durability check: workflow and its activity, both on the workflows queue. */
public final class DurabilityCheckRegistration implements RoleRegistration {
    @Override
    public void register(WorkerSetup setup) {
        Worker worker = setup.worker(TaskQueues.WORKFLOWS);
        worker.registerWorkflowImplementationTypes(DurabilityCheckWorkflowImpl.class);
        worker.registerActivitiesImplementations(new DurabilityCheckActivitiesImpl());
        setup.describe("DurabilityCheckWorkflow + DurabilityCheckActivities on " + TaskQueues.WORKFLOWS);
    }
}
