package dev.ibench.workers.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.worker.roles.DurabilityCheckRegistration;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.SearchAttributeKey;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45: the workflows role registered the durability check only on the shared {@code ibench-workflows}, so one
 * started on the installation's queue ({@code ibench-workflows@<id>}, where the role serves every other workflow) waited
 * for a worker that never came. It is now registered on every workflows queue the worker serves, and on the shared one
 * where the docs and scripts start it. The worker's queues come from its results store in a temporary home.
 */
class DurabilityCheckRegistrationQueuesTest {
    @TempDir Path home;

    @Test
    @Timeout(120) // before the change the check waited on the installation's queue for ever
    void theWorkflowsRoleRunsTheDurabilityCheckOnTheInstallationsQueue() {
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            for (SearchAttributeKey<?> key : IbenchSearchAttributes.ALL) {
                env.registerSearchAttribute(key.getName(), key.getValueType());
            }
            WorkerSetup setup = new WorkerSetup(env.getWorkerFactory(), new SimpleMeterRegistry(), new IbenchHome(home));
            new DurabilityCheckRegistration().register(setup);
            String installationQueue = setup.queues().workflows();
            assertThat(installationQueue).startsWith(TaskQueues.WORKFLOWS + "@");
            assertThat(setup.taskQueues()).containsExactlyInAnyOrder(installationQueue, TaskQueues.WORKFLOWS);
            env.start();

            DurabilityCheckWorkflow check = env.getWorkflowClient().newWorkflowStub(DurabilityCheckWorkflow.class, WorkflowOptions.newBuilder()
                    .setWorkflowId("dc-installation").setTaskQueue(installationQueue).setWorkflowExecutionTimeout(Duration.ofMinutes(30)).build());
            DurabilityCheckResult result = check.run(new DurabilityCheckRequest("campaign-7", 10, 1));

            assertThat(result.value()).isEqualTo(385L); // 1 + 4 + 9 + ... + 100
        }
    }
}
