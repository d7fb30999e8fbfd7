package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.Installation;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34: two installations (two results stores, as two checkouts on one machine) on one Temporal dev server, each
 * with its own worker serving the same model name, each running an oracle campaign at the same time. Before, both
 * workers polled the shared task queues and each failed the other's campaigns ("campaign ... is not in the results
 * store"). Now each store's installation id names its own queues: both campaigns complete with every item scored,
 * each in its own store only, and not one activity of either ran a second attempt (a task taken by the other
 * installation's worker would have failed there and been retried).
 */
class TwoInstallationsOneServerIT {
    private static final int SAMPLES = 6;
    private static final int TRIALS = 2;

    @TempDir Path dir;

    @Test
    void twoStoresOnOneServerEachCompleteTheirOwnCampaignUntouched() throws Exception {
        Path campaignFile = dir.resolve("twin.yaml");
        Files.writeString(campaignFile, """
                name: twin
                models: [{name: oracle, profile: oracle}]
                benchmarks: [{name: slot, eval_set: %s}]
                samples: {limit: %d, seed: 3}
                trials: %d
                """.formatted(SuperheroEvalSets.slot(), SAMPLES, TRIALS));
        List<Installation> installations = new ArrayList<>();
        List<Map<String, String>> environments = new ArrayList<>();
        for (String name : List.of("a", "b")) {
            Path results = Files.createDirectories(dir.resolve(name)).resolve("results.db");
            try (ResultsDatabase db = ResultsDatabase.open(results)) {
                installations.add(Installation.of(db));
            }
            environments.add(Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString()));
        }
        assertThat(installations.get(0).id()).isNotEqualTo(installations.get(1).id());

        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             WorkerProcess workerA = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker-a.log"),
                     environments.get(0), "--models-from", campaignFile.toString());
             WorkerProcess workerB = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker-b.log"),
                     environments.get(1), "--models-from", campaignFile.toString());
             CliProcess startA = CliProcess.start(List.of("campaign", "start", campaignFile.toString(), "--id", "twin-a", "--wait",
                     "--address", server.address()), "started campaign", dir.resolve("start-a.log"), environments.get(0));
             CliProcess startB = CliProcess.start(List.of("campaign", "start", campaignFile.toString(), "--id", "twin-b", "--wait",
                     "--address", server.address()), "started campaign", dir.resolve("start-b.log"), environments.get(1));
             TemporalConnection connection = server.connect()) {
            assertThat(startA.waitForExit(Duration.ofMinutes(3))).as(startA.output() + workerA.output()).isZero();
            assertThat(startB.waitForExit(Duration.ofMinutes(3))).as(startB.output() + workerB.output()).isZero();

            WorkflowClient client = connection.client();
            String[] ids = {"twin-a", "twin-b"};
            for (int i = 0; i < 2; i++) {
                String queue = taskQueueOf(client, CampaignWorkflow.workflowId(ids[i]));
                assertThat(queue).as("campaign %s runs on its installation's queue", ids[i])
                        .isEqualTo(InstallationQueues.of(installations.get(i).id()).workflows());
                try (ResultsDatabase db = ResultsDatabase.open(dir.resolve(i == 0 ? "a" : "b").resolve("results.db"))) {
                    ResultsStore store = new ResultsStore(db);
                    assertThat(store.campaignSpecJson(ids[1 - i])).as("the other campaign is not in this store").isEmpty();
                    List<CellRecord> cells = store.cells(ids[i]);
                    assertThat(cells).hasSize(1);
                    List<SampleResultRecord> results = store.sampleResults(cells.get(0).cellId());
                    assertThat(results).as("every item of %s scored", ids[i]).hasSize(SAMPLES * TRIALS)
                            .allSatisfy(r -> assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED));
                    assertThat(results).as("the oracle answers the gold sequence").allSatisfy(r -> assertThat(r.completed()).isTrue());
                    List<String> workflowIds = new ArrayList<>(List.of(CampaignWorkflow.workflowId(ids[i])));
                    cells.forEach(c -> workflowIds.add(CampaignWorkflow.cellWorkflowId(c.cellId())));
                    for (String workflowId : workflowIds) {
                        List<Integer> attempts = activityAttempts(client, workflowId);
                        assertThat(attempts).as("activities of %s", workflowId).isNotEmpty()
                                .as("no activity of %s failed on another installation's worker and ran again", workflowId)
                                .containsOnly(1);
                    }
                }
            }
            assertThat(workerA.output() + workerB.output()).doesNotContain("is not in the results store");
        }
    }

    private static String taskQueueOf(WorkflowClient client, String workflowId) {
        return client.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                .setNamespace(client.getOptions().getNamespace())
                .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                .build()).getExecutionConfig().getTaskQueue().getName();
    }

    /** The attempt of every activity the workflow's history shows started (the attempt that completed or failed for good). */
    private static List<Integer> activityAttempts(WorkflowClient client, String workflowId) {
        List<Integer> attempts = new ArrayList<>();
        for (HistoryEvent event : client.fetchHistory(workflowId).getEvents()) {
            if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
                attempts.add(event.getActivityTaskStartedEventAttributes().getAttempt());
            }
        }
        return attempts;
    }
}
