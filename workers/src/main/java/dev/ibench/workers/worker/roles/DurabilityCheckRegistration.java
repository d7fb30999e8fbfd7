package dev.ibench.workers.worker.roles;

import dev.ibench.activities.durability.DurabilityCheckActivitiesImpl;
import dev.ibench.workers.worker.RoleRegistration;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflowImpl;
import io.temporal.worker.Worker;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The durability check: workflow and its activity on each workflows queue the worker serves (its installation's, as
 * the campaign workflows), and on the shared {@code ibench-workflows}, where the docs and tests start it; the check
 * reads no store, so any installation's worker may run it.
 */
public final class DurabilityCheckRegistration implements RoleRegistration {
    @Override
    public void register(WorkerSetup setup) {
        Set<String> queues = new LinkedHashSet<>();
        setup.servedQueues().stream().map(InstallationQueues::workflows).forEach(queues::add);
        queues.add(TaskQueues.WORKFLOWS);
        for (String queue : queues) {
            Worker worker = setup.worker(queue);
            worker.registerWorkflowImplementationTypes(DurabilityCheckWorkflowImpl.class);
            worker.registerActivitiesImplementations(new DurabilityCheckActivitiesImpl());
            setup.describe("DurabilityCheckWorkflow + DurabilityCheckActivities on " + queue);
        }
    }
}
