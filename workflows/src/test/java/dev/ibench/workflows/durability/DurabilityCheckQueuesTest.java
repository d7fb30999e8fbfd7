package dev.ibench.workflows.durability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckActivitiesImpl;
import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 45: the durability check scheduled its activity on the shared {@code ibench-workflows} whatever queue it ran
 * on, so one started on an installation's queue ({@code ibench-workflows@t1}, served alone) waited for a worker that
 * never came. It now uses its own installation's queue ({@link InstallationQueues#inWorkflow()}, marker
 * {@code installation-queues}); a run recorded before the change (no marker, shared queue; recorded on the code before
 * it with {@code RecordedHistories.replayAndMaybeRecord}) replays.
 */
class DurabilityCheckQueuesTest {
    private static final String BEFORE = "dev/ibench/workflows/durability/durability-check-before-installation-queues.json";
    private TestWorkflowEnvironment env;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        for (SearchAttributeKey<?> key : IbenchSearchAttributes.ALL) {
            env.registerSearchAttribute(key.getName(), key.getValueType());
        }
    }

    @AfterEach
    void tearDown() {
        env.close();
    }

    private DurabilityCheckResult runOn(String queue, String id) {
        Worker worker = env.newWorker(queue);
        worker.registerWorkflowImplementationTypes(DurabilityCheckWorkflowImpl.class);
        worker.registerActivitiesImplementations(new DurabilityCheckActivitiesImpl());
        env.start();
        DurabilityCheckWorkflow workflow = env.getWorkflowClient().newWorkflowStub(DurabilityCheckWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(queue).setWorkflowExecutionTimeout(Duration.ofMinutes(30)).build());
        return workflow.run(new DurabilityCheckRequest("campaign-7", 10, 1));
    }

    private WorkflowExecutionHistory history(String id) {
        return env.getWorkflowClient().fetchHistory(id);
    }

    @Test
    @Timeout(120) // before the change the activity waited on the shared queue for ever
    void aCheckOnAnInstallationsQueueRunsItsActivityThere() {
        String queue = InstallationQueues.of("t1").workflows();
        DurabilityCheckResult result = runOn(queue, "dc-t1");
        assertThat(result.value()).isEqualTo(385L);
        String activityQueue = history("dc-t1").getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .map(e -> e.getActivityTaskScheduledEventAttributes().getTaskQueue().getName()).findFirst().orElseThrow();
        assertThat(activityQueue).isEqualTo("ibench-workflows@t1");
    }

    @Test
    void aCheckOnTheSharedQueueStaysThereAndARunRecordedBeforeReplays() throws Exception {
        assertThat(runOn(TaskQueues.WORKFLOWS, "dc-shared").value()).isEqualTo(385L);
        WorkflowReplayer.replayWorkflowExecution(history("dc-shared"), DurabilityCheckWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(BEFORE), DurabilityCheckWorkflowImpl.class);
    }
}
