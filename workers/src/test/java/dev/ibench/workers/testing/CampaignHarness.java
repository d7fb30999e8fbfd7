package dev.ibench.workers.testing;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * TEST FIXTURE for campaign integration tests: a real Temporal server (the dev server it starts, or one the test
 * started, e.g. {@link TemporalOnPostgres}), one worker in its own JVM (roles workflows, llm, scoring) and a results
 * store in the test's folder shared by the worker and this JVM; starts campaigns and waits for their end.
 */
public final class CampaignHarness implements AutoCloseable {
    private static final String RESULTS_PROPERTY = "ibench.results.db";

    private final Path dir;
    /** The dev server this harness started and stops, or null for a server the test owns. */
    private final DevServerProcess server;
    private final WorkerProcess worker;
    private final TemporalConnection connection;
    private final CampaignServices services;

    private CampaignHarness(Path dir, DevServerProcess server, WorkerProcess worker, TemporalConnection connection) {
        this.dir = dir;
        this.server = server;
        this.worker = worker;
        this.connection = connection;
        this.services = CampaignServices.of(IbenchHome.resolve());
    }

    /** @param workerArgs extra worker arguments, e.g. {@code --models-from FILE} */
    public static CampaignHarness start(Path dir, String... workerArgs) {
        return withRoles(dir, "workflows,llm,scoring", Map.of(), workerArgs);
    }

    /** As {@link #start(Path, String...)}, with extra environment variables for the worker (e.g. an API key). */
    public static CampaignHarness start(Path dir, Map<String, String> workerEnvironment, String... workerArgs) {
        return withRoles(dir, "workflows,llm,scoring", workerEnvironment, workerArgs);
    }

    /** @param roles the worker's roles, e.g. {@code workflows,llm,tools,scoring} for react cells */
    public static CampaignHarness withRoles(Path dir, String roles, String... workerArgs) {
        return withRoles(dir, roles, Map.of(), workerArgs);
    }

    /** As {@link #withRoles(Path, String, String...)}, with extra environment variables for the worker. */
    public static CampaignHarness withRoles(Path dir, String roles, Map<String, String> workerEnvironment, String... workerArgs) {
        DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        return new CampaignHarness(dir, server, startWorker(dir, server.address(), roles, workerEnvironment, workerArgs),
                server.connect());
    }

    /** As {@link #start(Path, String...)} on a Temporal server the caller started and stops (default namespace). */
    public static CampaignHarness onServer(Path dir, String address, String... workerArgs) {
        WorkerProcess worker = startWorker(dir, address, "workflows,llm,scoring", Map.of(), workerArgs);
        return new CampaignHarness(dir, null, worker, TemporalConnection.open(address, TemporalConnection.DEFAULT_NAMESPACE));
    }

    private static WorkerProcess startWorker(Path dir, String address, String roles, Map<String, String> workerEnvironment,
            String... workerArgs) {
        Path results = dir.resolve("results.db");
        System.setProperty(RESULTS_PROPERTY, results.toString());
        Map<String, String> env = new HashMap<>();
        env.put("IBENCH_RESULTS_DB", results.toString());
        env.put("IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
        env.putAll(workerEnvironment);
        return WorkerProcess.start(address, roles, dir.resolve("worker.log"), env, workerArgs);
    }

    /** The Temporal frontend address, for CLI commands run against this harness's server. */
    public String address() {
        return server != null ? server.address() : null;
    }

    /** Starts the campaign of {@code file} under {@code id} without waiting for it. */
    public String startOnly(Path file, String id) {
        return new CampaignStarter(services, connection.client()).start(file, id);
    }

    public CampaignServices services() {
        return services;
    }

    public TemporalConnection connection() {
        return connection;
    }

    /** Starts the campaign of {@code file} under {@code id} and waits for its end. */
    public CampaignStatus run(Path file, String id, Duration timeout) throws Exception {
        String campaignId = new CampaignStarter(services, connection.client()).start(file, id);
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(timeout.toSeconds(), TimeUnit.SECONDS, CampaignStatus.class);
    }

    public String workerLog() throws IOException {
        return Files.readString(dir.resolve("worker.log"));
    }

    @Override
    public void close() throws Exception {
        try {
            connection.close();
            worker.close();
            if (server != null) {
                server.close();
            }
        } finally {
            System.clearProperty(RESULTS_PROPERTY);
        }
    }
}
