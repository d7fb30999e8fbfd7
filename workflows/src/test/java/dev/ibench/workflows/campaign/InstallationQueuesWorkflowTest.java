package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.TaskQueues;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: a campaign started on an installation's workflows queue ({@code ibench-workflows@t1}) sends its cells, model
 * calls and scoring to that installation's queues only, under the {@code installation-queues} version marker; workers of
 * another installation (here: the shared queues of before, with their own activities) get nothing; its histories replay
 * on today's code. Histories recorded before the change (on the shared queues, without the marker) replay in
 * {@link CampaignWorkflowTest}.
 */
class InstallationQueuesWorkflowTest {
    private final TestWorkflowEnvironment env = CampaignTestEnvironment.create();

    @AfterEach
    void close() {
        env.close();
    }

    @Test
    void aCampaignOnAnInstallationsQueueKeepsEveryTaskOnThatInstallationsQueues() throws Exception {
        InstallationQueues t1 = InstallationQueues.of("t1");
        FakeCampaignActivities mine = new FakeCampaignActivities(List.of(
                new CellPlanEntry("a", "m", "bench-a", "direct", "none", 3, 2, t1.llm("m"))));
        Worker workflows = env.newWorker(t1.workflows());
        workflows.registerWorkflowImplementationTypes(CampaignWorkflowImpl.class, CellWorkflowImpl.class);
        workflows.registerActivitiesImplementations(mine);
        env.newWorker(t1.llm("m")).registerActivitiesImplementations(mine);
        env.newWorker(t1.scoring()).registerActivitiesImplementations(mine);
        // another installation's workers, on the shared queues of before: must never see this campaign's work
        FakeCampaignActivities other = new FakeCampaignActivities(List.of(
                new CellPlanEntry("a", "m", "bench-a", "direct", "none", 3, 2, TaskQueues.llm("m"))));
        Worker shared = env.newWorker(TaskQueues.WORKFLOWS);
        shared.registerWorkflowImplementationTypes(CampaignWorkflowImpl.class, CellWorkflowImpl.class);
        shared.registerActivitiesImplementations(other);
        env.newWorker(TaskQueues.llm("m")).registerActivitiesImplementations(other);
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(other);
        env.start();

        CampaignWorkflow campaign = env.getWorkflowClient().newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(t1.workflows()).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        CampaignStatus end = campaign.run(new CampaignRequest("c1", 2, 4, false));

        assertThat(end.state()).isEqualTo(CellState.COMPLETED);
        assertThat(mine.scored).hasSize(6);
        assertThat(other.modelCalls).isEmpty();
        assertThat(other.scored).isEmpty();
        WorkflowExecutionHistory campaignHistory = env.getWorkflowClient().fetchHistory(CampaignWorkflow.workflowId("c1"));
        WorkflowExecutionHistory cellHistory = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(queuesOf(campaignHistory)).isNotEmpty().allMatch(q -> q.endsWith("@t1"));
        assertThat(queuesOf(cellHistory)).isNotEmpty().allMatch(q -> q.endsWith("@t1")).contains(t1.llm("m"), t1.scoring());
        assertThat(versionMarkers(campaignHistory)).as("the installation-queues version marker").isNotEmpty();
        assertThat(versionMarkers(cellHistory)).isNotEmpty();
        WorkflowReplayer.replayWorkflowExecution(campaignHistory, CampaignWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(cellHistory, CellWorkflowImpl.class);
    }

    @Test
    void queuesOfAnInstallationAreNamedFromItsWorkflowsQueue() {
        assertThat(InstallationQueues.ofWorkflowQueue("ibench-workflows@ab12")).isEqualTo(InstallationQueues.of("ab12"));
        assertThat(InstallationQueues.ofWorkflowQueue("ibench-workflows")).isEqualTo(InstallationQueues.SHARED);
        assertThat(InstallationQueues.ofWorkflowQueue("something-else@ab12")).isEqualTo(InstallationQueues.SHARED);
        assertThat(InstallationQueues.of("ab12").llm("gpt-4o")).isEqualTo("ibench-llm-gpt-4o@ab12");
        assertThat(InstallationQueues.SHARED.scoring()).isEqualTo("ibench-scoring");
        assertThat(InstallationQueues.role("ibench-tools@ab12")).isEqualTo("tools");
        assertThat(InstallationQueues.role("ibench-llm-x@ab12")).startsWith("llm");
    }

    /** The change ids of the history's version markers. */
    private static List<String> versionMarkers(WorkflowExecutionHistory history) {
        List<String> changes = new ArrayList<>();
        for (HistoryEvent e : history.getEvents()) {
            if (e.hasMarkerRecordedEventAttributes() && e.getMarkerRecordedEventAttributes().getMarkerName().equals("Version")) {
                String details = e.getMarkerRecordedEventAttributes().getDetailsMap().toString();
                if (details.contains("installation-queues")) {
                    changes.add("installation-queues");
                }
            }
        }
        return changes;
    }

    /** The task queues of every activity and child workflow the history scheduled. */
    private static List<String> queuesOf(WorkflowExecutionHistory history) {
        List<String> queues = new ArrayList<>();
        for (HistoryEvent e : history.getEvents()) {
            if (e.hasActivityTaskScheduledEventAttributes()) {
                queues.add(e.getActivityTaskScheduledEventAttributes().getTaskQueue().getName());
            }
            if (e.hasStartChildWorkflowExecutionInitiatedEventAttributes()) {
                queues.add(e.getStartChildWorkflowExecutionInitiatedEventAttributes().getTaskQueue().getName());
            }
        }
        return queues;
    }
}
