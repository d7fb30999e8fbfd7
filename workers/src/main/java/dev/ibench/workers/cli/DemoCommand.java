package dev.ibench.workers.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.RunningServer;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowOptions;
import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * For now: runs the durability check on the embedded default (connects to a server on
 * $TEMPORAL_ADDRESS, or starts the dev server) with an in-process worker. The campaign issue
 * replaces this with a small real campaign.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run a small durable workflow on the embedded default Temporal server and print the result and UI link.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print the result as one JSON object on stdout.")
    boolean json;

    @Option(names = "--steps", defaultValue = "20", description = "Steps of the heartbeating activity (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--step-millis", defaultValue = "100", description = "Duration of one step in ms (default: ${DEFAULT-VALUE}).")
    long stepMillis;

    @Option(names = "--stop-server", description = "Stop the dev server this command started when done (default: leave it running for the UI).")
    boolean stopServer;

    @Override
    public Integer call() throws JsonProcessingException {
        PrintStream log = json ? System.err : System.out;
        IbenchHome home = IbenchHome.resolve();
        String address = TemporalConnection.addressFromEnvironment();
        String namespace = TemporalConnection.namespaceFromEnvironment();

        RunningServer started = null;
        Optional<String> uiUrl;
        try (TemporalConnection probe = TemporalConnection.open(address, namespace)) {
            if (probe.isReachable(Duration.ofSeconds(2))) {
                log.println("Using the Temporal server already running on " + address);
                uiUrl = Optional.of(DevServerSettings.defaults(home.state()).uiUrl());
            } else {
                log.println("Starting the embedded Temporal dev server on " + address + " (log: .ibench/temporal-server.log) ...");
                DevServerSettings settings = DevServerSettings.defaults(home.state());
                started = new DevServerLauncher(home, System.err).start(settings, home.state().resolve("temporal-server.log"));
                address = started.address();
                uiUrl = started.uiUrl();
            }
        }

        String campaignId = "demo-" + UUID.randomUUID().toString().substring(0, 8);
        String workflowId = "durability-check-" + campaignId;
        DurabilityCheckRequest request = new DurabilityCheckRequest(campaignId, steps, stepMillis);
        DurabilityCheckResult result;
        try (TemporalConnection connection = TemporalConnection.open(address, namespace);
             RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                     WorkerRoles.standard(), new SimpleMeterRegistry(), home)) {
            log.println("Worker serving " + worker.taskQueues() + "; running " + workflowId + " ...");
            DurabilityCheckWorkflow workflow = connection.client().newWorkflowStub(DurabilityCheckWorkflow.class,
                    WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(TaskQueues.WORKFLOWS).build());
            result = workflow.run(request);
        }

        boolean correct = result.value() == request.expectedValue();
        String link = uiUrl.map(url -> url + "/namespaces/" + namespace + "/workflows/" + workflowId).orElse(null);
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("workflow_id", workflowId);
            out.put("campaign_id", campaignId);
            out.put("value", result.value());
            out.put("expected", request.expectedValue());
            out.put("correct", correct);
            out.put("attempt", result.attempt());
            out.put("ui_url", link);
            System.out.println(Json.MAPPER.writeValueAsString(out));
        } else {
            log.println();
            log.println("Durability check " + (correct ? "OK" : "WRONG") + ": sum of squares 1.." + steps + " = "
                    + result.value() + " (expected " + request.expectedValue() + ", attempt " + result.attempt() + ")");
            log.println(link != null ? "Web UI: " + link : "No Web UI (in-process test server).");
            log.println("List it: temporal workflow list --address " + address
                    + " --query \"IbenchCampaignId = '" + campaignId + "'\"");
        }
        finish(started, log);
        return correct ? 0 : 1;
    }

    private void finish(RunningServer started, PrintStream log) {
        if (started == null) {
            return;
        }
        if (stopServer || !started.persistent()) {
            started.close();
            log.println("Stopped the server this demo started.");
        } else {
            log.println("The dev server keeps running for the UI (pid " + started.pid().map(String::valueOf).orElse("?")
                    + "); stop it with: kill " + started.pid().map(String::valueOf).orElse("<pid>"));
        }
    }
}
