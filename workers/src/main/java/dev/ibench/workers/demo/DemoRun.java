package dev.ibench.workers.demo;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignExit;
import dev.ibench.workers.campaign.CampaignReports;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.CampaignStatusReader;
import dev.ibench.workers.campaign.CampaignStatusView;
import dev.ibench.workers.campaign.CampaignWaiter;
import dev.ibench.workers.campaign.TemporalUiLinks;
import dev.ibench.workers.server.EmbeddedDefault;
import dev.ibench.workers.server.RunningServer;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * The README's main command, {@code ibench demo}: plans the demo campaign ({@link DemoCampaign}, listing the samples
 * that cannot fit a model's context), connects to the configured Temporal server or starts the dev server, runs the
 * campaign with an in-process worker serving every role, prints progress, the final status (read after the end), the
 * report, the path of the HTML report and the Web UI link. Returns the exit code ({@link CampaignExit}).
 */
public final class DemoRun {
    /** The demo's settings: samples per benchmark (null: each benchmark's default), models, report as JSON on stdout, stop the server it started, timeout. */
    public record Options(Integer samples, List<String> models, boolean json, boolean stopServer, int timeoutMinutes) {}

    private final IbenchHome home;
    private final PrintStream log;

    /** @param log where progress and the report go (stderr when the report is JSON on stdout) */
    public DemoRun(IbenchHome home, PrintStream log) {
        this.home = home;
        this.log = log;
    }

    public int run(Options options) throws IOException, TimeoutException {
        DemoCampaign.checkModels(options.models()); // before a server is started for nothing
        DemoCampaign demo = new DemoCampaign(home, log);
        DemoCampaign.Plan plan = demo.prepare(options.samples(), options.models());
        printPlan(plan);
        EmbeddedDefault server = EmbeddedDefault.connectOrStart(home, log);
        CampaignServices services = CampaignServices.of(home);
        String campaignId = "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        CampaignStatus end;
        String finalStatus;
        try (TemporalConnection connection = TemporalConnection.open(server.address(), server.namespace());
             RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                     WorkerRoles.standard(new CampaignSpecLoader().load(plan.campaignFile()).models()), new SimpleMeterRegistry(), home)) {
            log.println("Worker serving " + worker.taskQueues());
            new CampaignStarter(services, connection.client()).start(plan.campaignFile(), campaignId);
            log.println("Started campaign " + campaignId + server.workflowUrl(CampaignWorkflow.workflowId(campaignId))
                    .map(u -> " · " + u).orElse(""));
            CampaignStatusReader reader = new CampaignStatusReader(connection.client());
            String[] last = {""};
            Instant deadline = Instant.now().plus(Duration.ofMinutes(options.timeoutMinutes()));
            end = new CampaignWaiter(connection.client(), TemporalSettings.hintFlags(connection.address(), connection.namespace()))
                    .awaitEnd(campaignId, Duration.ofDays(365), deadline, live -> {
                        String view = CampaignStatusView.render(live, reader.cellViews(live));
                        if (!view.equals(last[0])) {
                            log.print(view);
                            last[0] = view;
                        }
                    }, log).orElseThrow();
            SpendStore spend = services.spend();
            finalStatus = reader.render(end, spend);
        }
        log.println();
        log.println("Final status:");
        log.print(finalStatus);
        printReport(services, campaignId, options.json());
        Path html = writeHtmlReport(services, campaignId, server);
        log.println("HTML report: " + html);
        log.println(server.uiUrl().map(url -> "Web UI: " + url + "/namespaces/" + server.namespace() + "/workflows?query="
                        + URLEncoder.encode("IbenchCampaignId = '" + campaignId + "'", StandardCharsets.UTF_8))
                .orElse("No Web UI (in-process test server)."));
        log.println("Again later: ./ibench campaign report " + campaignId + " --format html --out report.html");
        finish(server.started(), options.stopServer());
        return CampaignExit.of(end);
    }

    private void printPlan(DemoCampaign.Plan plan) {
        log.println("Demo benchmarks: " + String.join(", ", plan.benchmarks()));
        plan.skipped().forEach(s -> log.println("  " + s.line()));
        plan.leftOut().forEach(b -> log.println("  " + b + ": left out, no chosen sample fits every model's context"));
    }

    private void printReport(CampaignServices services, String campaignId, boolean json) {
        String format = json ? "json" : "md";
        String text = new CampaignReports(services).render(campaignId, format, 0, null);
        if (json) {
            System.out.println(text);
        } else {
            log.println();
            log.println(text);
        }
    }

    private Path writeHtmlReport(CampaignServices services, String campaignId, EmbeddedDefault server) throws IOException {
        Path html = new DemoCampaign(home, log).directory().resolve("report-" + campaignId + ".html");
        Files.createDirectories(html.getParent());
        Files.writeString(html, new CampaignReports(services).render(campaignId, "html", 200,
                server.uiUrl().<CellLinks>map(url -> new TemporalUiLinks(url, server.namespace()))
                        .orElse(CellLinks.NONE)));
        return html;
    }

    private void finish(RunningServer started, boolean stopServer) {
        if (started == null) {
            return;
        }
        if (stopServer || !started.persistent()) {
            started.close();
            log.println("Stopped the server this demo started.");
        } else {
            Optional<Long> pid = started.pid();
            log.println("The dev server keeps running for the UI (pid " + pid.map(String::valueOf).orElse("?")
                    + "); stop it with: kill " + pid.map(String::valueOf).orElse("<pid>"));
        }
    }
}
