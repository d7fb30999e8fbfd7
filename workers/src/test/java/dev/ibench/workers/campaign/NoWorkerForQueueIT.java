package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose model queue has no worker (the only worker serves workflows and scoring) must not wait in silence:
 * {@code campaign status} names the queue without a poller and how long its work has waited, and
 * {@code campaign start --wait} gives up with that message after {@code --no-worker-timeout} (real dev server). The
 * printed commands carry the server's non-default address, given by {@code --address} or once in the home's config file.
 * The cell's UI details (its current details, what the Temporal UI shows) name the queue and the wait too; once a worker
 * for the model starts, the cell completes with every item scored and the line goes.
 */
class NoWorkerForQueueIT {
    @TempDir Path dir;

    @Test
    void statusNamesTheQueueWithoutAWorkerAndWaitGivesUp() throws Exception {
        Map<String, String> env = Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString(),
                "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
        Path file = dir.resolve("stuck.yaml");
        Files.writeString(file, """
                name: stuck
                models: [{name: lonely-oracle, profile: oracle}]
                benchmarks: [{name: slot, eval_set: %s}]
                samples: {limit: 2, seed: 1}
                no_worker_check_seconds: 5
                """.formatted(SuperheroEvalSets.slot()));
        String llmQueue = TaskQueues.llm("lonely-oracle");
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,scoring", dir.resolve("worker.log"), env)) {
            long start = System.nanoTime();
            try (CliProcess wait = CliProcess.start(List.of("campaign", "start", file.toString(), "--id", "stuck", "--wait",
                    "--no-worker-timeout", "20", "--address", server.address()), "started campaign", dir.resolve("start.log"), env)) {
                int exit = wait.waitForExit(Duration.ofMinutes(3));
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                assertThat(exit).as(wait.output()).isEqualTo(3);
                assertThat(wait.output()).contains("gave up waiting").contains("no worker polls task queue " + llmQueue)
                        .as("printed hints carry the non-default address")
                        .contains("watch it: ./ibench campaign status stuck --address " + server.address())
                        .contains("start one: ./ibench worker --address " + server.address() + " --roles llm");
                assertThat(seconds).as("gave up after about the configured 20 s").isBetween(20L, 120L);
            }
            // the address set once in the home's config file: no --address, and the hints still carry it
            Path home = Files.createDirectories(dir.resolve("home/.ibench")).getParent();
            Files.writeString(home.resolve(".ibench/config.properties"), "temporal.address=" + server.address() + "\n");
            Map<String, String> configuredHome = new java.util.HashMap<>(env);
            configuredHome.put("IBENCH_HOME", home.toString());
            try (CliProcess status = CliProcess.start(List.of("campaign", "status", "stuck"), "", dir.resolve("status.log"), configuredHome)) {
                assertThat(status.waitForExit(Duration.ofMinutes(1))).as(status.output()).isZero();
                assertThat(status.output()).containsPattern("no worker polls task queue " + llmQueue + "@[a-z0-9]+; work waiting for it since \\d+ s")
                        .contains("start one: ./ibench worker --address " + server.address() + " --roles llm");
            }

            // the cell's page in the Temporal UI says the same: its current details (the metadata query the UI sends)
            try (TemporalConnection connection = server.connect()) {
                WorkflowClient client = connection.client();
                WorkflowStub campaign = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId("stuck"));
                String cellWorkflowId = campaign.query("status", CampaignStatus.class).cells().get(0).workflowId();
                WorkflowStub cell = client.newUntypedWorkflowStub(cellWorkflowId);
                String details = details(cell);
                assertThat(details).as("the cell's UI details").containsPattern(Pattern.quote("**Waiting:** no worker polls task queue `" + llmQueue) + "@[a-z0-9]+` since ")
                        .contains("start one: `ibench worker --roles llm");
                Matcher waited = Pattern.compile("since \\d\\d:\\d\\d:\\d\\d UTC \\((\\d+) s\\)").matcher(details);
                assertThat(waited.find()).as(details).isTrue();
                assertThat(Integer.parseInt(waited.group(1))).as("seconds waited, checked after no_worker_check_seconds 5")
                        .isBetween(5, 300);

                // a worker for the model comes: the cell completes with every item scored, and the line goes
                try (WorkerProcess llm = WorkerProcess.start(server.address(), "llm", dir.resolve("llm-worker.log"), env,
                        "--models-from", file.toString())) {
                    CampaignStatus done = campaign.getResult(3, TimeUnit.MINUTES, CampaignStatus.class);
                    assertThat(done.state()).isEqualTo(CellState.COMPLETED);
                    CellProgress progress = cell.query("progress", CellProgress.class);
                    assertThat(progress.done()).isEqualTo(2);
                    assertThat(progress.total()).isEqualTo(2);
                    assertThat(progress.infraErrors()).isZero();
                    assertThat(details(cell)).as("the wait line goes once the queue is served").doesNotContain("Waiting");
                }
            }
        }
    }

    /** The workflow's current details as the Temporal UI reads them (the built-in metadata query). */
    private static String details(WorkflowStub workflow) {
        return workflow.query("__temporal_workflow_metadata", WorkflowMetadata.class).getCurrentDetails();
    }
}
