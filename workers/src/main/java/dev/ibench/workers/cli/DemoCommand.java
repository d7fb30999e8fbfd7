package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.CampaignStatusView;
import dev.ibench.workers.campaign.DemoCampaign;
import dev.ibench.workers.server.EmbeddedDefault;
import dev.ibench.workers.server.RunningServer;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowStub;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's main command: a small real campaign on the embedded default. Connects to the Temporal
 * server on $TEMPORAL_ADDRESS or starts the dev server, runs an in-process worker with every role,
 * evaluates the oracle test model and SmolLM2 (in-process) on SLOT and SEL superhero samples, and
 * prints progress, the report and the Web UI link.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run a small real campaign (SLOT and SEL superhero, oracle and SmolLM2 in-process) on the embedded "
                + "default Temporal server and print the report and the Web UI link.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--samples", defaultValue = "1",
            description = "Samples per benchmark (default: ${DEFAULT-VALUE}; SmolLM2 needs about a minute per SLOT sample on 2 cores).")
    int samples;

    @Option(names = "--models", split = ",", paramLabel = "MODEL[,MODEL]",
            description = "Which of the demo's models to run: oracle (the test model, seconds), smollm2 (in-process, minutes); default: both.")
    List<String> models = DemoCampaign.modelNames();

    @Option(names = "--json", description = "Print the report as JSON on stdout (progress goes to stderr).")
    boolean json;

    @Option(names = "--stop-server", description = "Stop the dev server this command started when done (default: leave it running for the UI).")
    boolean stopServer;

    @Option(names = "--timeout-minutes", defaultValue = "30", description = "Give up waiting after this long (default: ${DEFAULT-VALUE}).")
    int timeoutMinutes;

    @Override
    public Integer call() throws Exception {
        DemoCampaign.checkModels(models); // before a server is started for nothing
        // expected failures (e.g. SmolLM2's context is too small for SEL prompts) are reported in the campaign,
        // not as worker stack traces on the demo's terminal
        System.setProperty("org.slf4j.simpleLogger.log.io.temporal.internal.activity", "error");
        PrintStream log = json ? System.err : System.out;
        IbenchHome home = IbenchHome.resolve();
        EmbeddedDefault server = EmbeddedDefault.connectOrStart(home, log);
        String address = server.address();
        String namespace = server.namespace();
        RunningServer started = server.started();
        Optional<String> uiUrl = server.uiUrl();

        DemoCampaign demo = new DemoCampaign(home, log);
        Path campaignFile = demo.prepare(samples, models);
        CampaignServices services = CampaignServices.of(home);
        String campaignId = "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        CampaignStatus end;
        try (TemporalConnection connection = TemporalConnection.open(address, namespace);
             RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                     WorkerRoles.standard(new CampaignSpecLoader().load(campaignFile).models()), new SimpleMeterRegistry(), home)) {
            log.println("Worker serving " + worker.taskQueues());
            new CampaignStarter(services, connection.client()).start(campaignFile, campaignId);
            log.println("Started campaign " + campaignId + uiUrl.map(u -> " · " + u + "/namespaces/" + namespace
                    + "/workflows/" + CampaignWorkflow.workflowId(campaignId)).orElse(""));
            end = awaitWithProgress(connection, campaignId, log);
        }

        CampaignReportBuilder reports = new CampaignReportBuilder(services.store(), services.evalSets(),
                services::scorerOf);
        var report = reports.build(campaignId, Instant.now().toString());
        if (json) {
            System.out.println(JsonReportRenderer.render(report));
        } else {
            log.println();
            log.println(MarkdownReportRenderer.render(report));
        }
        log.println(uiUrl.map(url -> "Web UI: " + url + "/namespaces/" + namespace + "/workflows?query="
                + java.net.URLEncoder.encode("IbenchCampaignId = '" + campaignId + "'", java.nio.charset.StandardCharsets.UTF_8))
                .orElse("No Web UI (in-process test server)."));
        log.println("Again later: ./ibench campaign report " + campaignId + " --format html --out report.html");
        finish(started, log);
        return end.state() == CellState.COMPLETED ? 0 : 1;
    }

    private CampaignStatus awaitWithProgress(TemporalConnection connection, String campaignId, PrintStream log) throws Exception {
        WorkflowStub stub = connection.client().newUntypedWorkflowStub(CampaignWorkflow.workflowId(campaignId));
        CampaignWorkflow typed = connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(timeoutMinutes);
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                return stub.getResult(5, TimeUnit.SECONDS, CampaignStatus.class);
            } catch (TimeoutException stillRunning) {
                CampaignStatus status = typed.status();
                String view = CampaignStatusView.render(status, CampaignCommand.cellViews(connection.client(), status));
                if (!view.equals(last)) {
                    log.print(view);
                    last = view;
                }
            }
        }
        throw new TimeoutException("campaign " + campaignId + " did not finish within " + timeoutMinutes
                + " minutes; it keeps running: ./ibench campaign status " + campaignId
                + TemporalSettings.hintFlags(connection.address(), connection.namespace()));
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
