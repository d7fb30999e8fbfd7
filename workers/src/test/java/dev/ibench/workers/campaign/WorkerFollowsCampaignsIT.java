package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started without {@code --models-from} serves the models of campaigns started after it, one campaign after
 * another, without a restart (real dev server, worker in its own JVM, the oracle as the model).
 */
class WorkerFollowsCampaignsIT {
    @TempDir Path dir;
    private DevServerProcess server;
    private WorkerProcess worker;

    @AfterEach
    void stop() throws Exception {
        if (worker != null) {
            worker.close();
        }
        if (server != null) {
            server.close();
        }
        System.clearProperty("ibench.results.db");
    }

    @Test
    void campaignsStartedLaterAreServedWithoutARestart() throws Exception {
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker.log"),
                Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString()));
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        try (TemporalConnection connection = server.connect()) {
            for (String model : new String[] {"first-oracle", "second-oracle"}) {
                Path file = dir.resolve(model + ".yaml");
                Files.writeString(file, """
                        name: %s
                        models: [{name: %s, profile: oracle}]
                        benchmarks: [{name: slot, eval_set: %s}]
                        samples: {limit: 4, seed: 1}
                        """.formatted(model, model, SuperheroEvalSets.slot()));
                String id = new CampaignStarter(services, connection.client()).start(file, model);
                CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class,
                        CampaignWorkflow.workflowId(id))).getResult(2, TimeUnit.MINUTES, CampaignStatus.class);
                assertThat(status.state()).as(Files.readString(dir.resolve("worker.log"))).isEqualTo(CellState.COMPLETED);
                assertThat(Files.readString(dir.resolve("worker.log"))).contains("now serving (new campaign)").contains(model);
            }
        }
    }
}
