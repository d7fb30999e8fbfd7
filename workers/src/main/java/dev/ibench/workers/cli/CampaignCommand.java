package dev.ibench.workers.cli;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.BudgetRaise;
import dev.ibench.workers.campaign.CampaignExit;
import dev.ibench.workers.campaign.CampaignList;
import dev.ibench.workers.campaign.CampaignReports;
import dev.ibench.workers.campaign.CampaignRetry;
import dev.ibench.workers.campaign.CampaignPlan;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.CampaignStatusReader;
import dev.ibench.workers.campaign.CampaignStatusView;
import dev.ibench.workers.campaign.CampaignStatusWatch;
import dev.ibench.workers.campaign.CampaignWaiter;
import dev.ibench.workers.campaign.TemporalUiLinks;
import dev.ibench.workers.campaign.estimate.CampaignCostEstimate;
import dev.ibench.workers.campaign.estimate.CampaignCostPlanner;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.client.WorkflowClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "campaign",
        mixinStandardHelpOptions = true,
        description = "Start, watch, steer and report durable evaluation campaigns (docs/campaigns.md).",
        subcommands = {
            CampaignCommand.Start.class,
            CampaignCommand.Plan.class,
            CampaignCommand.Status.class,
            CampaignCommand.ListCampaigns.class,
            CampaignCommand.Pause.class,
            CampaignCommand.Resume.class,
            CampaignCommand.Cancel.class,
            CampaignCommand.RetryErrors.class,
            CampaignCommand.Report.class,
            CampaignCommand.Compare.class,
            CampaignCommand.Export.class,
            CampaignCommand.Trajectory.class
        })
final class CampaignCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(System.out);
        return 0;
    }

    private static CampaignWorkflow campaignStub(WorkflowClient client, String id) {
        return client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id));
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start a campaign from a YAML file (docs/campaigns.md). "
            + "With --wait, exit 0: the campaign ran to its end; 4: it ended with a cell stopped or failed; 3: no worker; 1: the command failed.")
    static final class Start implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE.yaml") Path file;
        @Option(names = "--id", description = "Campaign id (default: <name>-<timestamp>).") String id;
        @Option(names = "--wait", description = "Wait until the campaign finishes, then print its status.") boolean waitForEnd;
        @Option(names = "--no-worker-timeout", paramLabel = "SECONDS", defaultValue = "600",
                description = "With --wait: give up (exit 3) once a task queue the campaign needs has had no worker for this long "
                        + "(default: ${DEFAULT-VALUE}).") long noWorkerTimeoutSeconds;
        @Option(names = "--json", description = "Print {campaign_id, workflow_id} as JSON.") boolean json;
        @Option(names = "--max-usd", paramLabel = "USD", description = "Refuse the campaign, before contacting any server, when its "
                + "estimate at most (campaign plan) is above USD.") Double maxUsd;
        @Mixin TemporalOptions temporal;

        public Integer call() throws Exception {
            if (maxUsd != null && maxUsd < 0) {
                throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this), "--max-usd: must be >= 0, got " + maxUsd);
            }
            CampaignPlan plan = CampaignStarter.plan(file);
            System.err.println(plan.summary());
            CampaignCostEstimate estimate = CampaignCostPlanner.ofInstallation(IbenchHome.resolve(), System.err).estimate(file, plan.spec());
            System.err.print(estimate.shown());
            refuseAboveMaxUsd(estimate, maxUsd);
            if (waitForEnd && noWorkerTimeoutSeconds < 1) {
                throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                        "--no-worker-timeout: must be >= 1 second, got " + noWorkerTimeoutSeconds);
            }
            try (TemporalConnection connection = temporal.connect()) {
                CampaignServices services = CampaignServices.of(IbenchHome.resolve());
                String campaignId = new CampaignStarter(services, connection.client()).start(file, plan, id);
                String workflowId = CampaignWorkflow.workflowId(campaignId);
                if (json) {
                    System.out.println(Json.MAPPER.writeValueAsString(Map.of("campaign_id", campaignId, "workflow_id", workflowId)));
                } else {
                    System.out.println("started campaign " + campaignId + " (workflow " + workflowId + ")");
                    System.out.println("watch it: ./ibench campaign status " + campaignId + temporal.hintFlags());
                }
                if (!waitForEnd) {
                    return CampaignExit.FINISHED;
                }
                Optional<CampaignStatus> end = new CampaignWaiter(connection.client(), temporal.hintFlags())
                        .awaitEnd(campaignId, Duration.ofSeconds(noWorkerTimeoutSeconds), System.err);
                if (end.isEmpty()) {
                    return CampaignExit.NO_WORKER;
                }
                System.err.print(new CampaignStatusReader(connection.client()).render(end.get(), services.spend()));
                // the end is known and shown: cancel what is still in flight rather than wait for it in close() (after a
                // 60-item campaign the exit waited about 4 s there; bench/results/orchestration-cpu.md)
                connection.stubs().shutdownNow();
                return CampaignExit.of(end.get());
            }
        }
    }

    /** {@code --max-usd}: a campaign estimated above it (or one whose cost cannot be estimated) is refused in one sentence. */
    private static void refuseAboveMaxUsd(CampaignCostEstimate estimate, Double maxUsd) {
        if (maxUsd == null) {
            return;
        }
        Optional<String> refusal = estimate.refusal(maxUsd);
        if (refusal.isPresent()) {
            throw new CampaignSpecException(refusal.get());
        }
    }

    @Command(name = "plan", mixinStandardHelpOptions = true, description = "Estimate a campaign before it runs, contacting no server: "
            + "per cell the items, prompt tokens, output tokens (bound and typical) and USD (docs/campaigns.md#estimate).")
    static final class Plan implements Callable<Integer> {
        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "FILE.yaml") Path file;
        @Option(names = "--max-usd", paramLabel = "USD", description = "Exit 1 with the reason when the estimate at most is above USD.")
        Double maxUsd;

        public Integer call() {
            if (maxUsd != null && maxUsd < 0) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--max-usd: must be >= 0, got " + maxUsd);
            }
            CampaignPlan plan = CampaignStarter.plan(file);
            System.out.println(plan.summary());
            CampaignCostEstimate estimate = CampaignCostPlanner.ofInstallation(IbenchHome.resolve(), System.err).estimate(file, plan.spec());
            System.out.print(estimate.shown());
            refuseAboveMaxUsd(estimate, maxUsd);
            return 0;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show per cell: items finished, correct answers among the scored, infra errors, rejections, rate, ETA "
                    + "and spend; then the campaign's spend per model and its budgets (docs/ledger.md). Without ID: the newest campaign.")
    static final class Status implements Callable<Integer> {
        static final int MAX_WATCH_SECONDS = 3600;
        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "Campaign id (default: the newest campaign in the results store).")
        String id;
        @Option(names = "--json", description = "Print the status as JSON.") boolean json;
        @Option(names = "--watch", paramLabel = "SECONDS", arity = "0..1", fallbackValue = "5",
                description = "Refresh every SECONDS (1 to 3600; default 5) until the campaign ends or Ctrl-C.") Integer watch;
        @Mixin TemporalOptions temporal;

        public Integer call() throws Exception {
            if (watch != null && (watch < 1 || watch > MAX_WATCH_SECONDS)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--watch: the refresh interval must be 1 to " + MAX_WATCH_SECONDS + " seconds, got " + watch);
            }
            SpendStore spend = CampaignStatusReader.spendStore(System.err);
            String campaignId = id != null ? id : newestCampaign();
            try (TemporalConnection connection = temporal.connect()) {
                new CampaignStatusWatch(connection.client(), spend, temporal.hintFlags()).print(campaignId, json, watch, System.out);
                return 0;
            }
        }

        private static String newestCampaign() {
            CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
            return new CampaignList(services.store(), services.spend()).newest()
                    .orElseThrow(() -> new IllegalStateException("no campaigns in the results store " + services.database().description()
                            + "; start one with ./ibench campaign start FILE.yaml"));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List the campaigns of the results store, newest first: id, name, state, started, items finished of planned, spend.")
    static final class ListCampaigns implements Callable<Integer> {
        @Option(names = "--json", description = "Print the list as a JSON array.") boolean json;
        @Mixin TemporalOptions temporal;

        public Integer call() throws Exception {
            CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
            CampaignList list = new CampaignList(services.store(), services.spend());
            List<CampaignList.Row> rows;
            TemporalConnection connection = null;
            try {
                connection = temporal.connect();
            } catch (IllegalStateException noServer) {
                System.err.println("note: states unknown: " + noServer.getMessage());
            }
            try {
                rows = list.rows(connection == null ? null : connection.client());
            } finally {
                if (connection != null) {
                    connection.close();
                }
            }
            System.out.print(json ? Json.MAPPER.writeValueAsString(rows) + "\n" : CampaignList.render(rows));
            return 0;
        }
    }

    /** A signal sent to a campaign by id, with a one-line confirmation. */
    abstract static class SignalCommand implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        @Mixin TemporalOptions temporal;

        abstract void send(CampaignWorkflow campaign);

        abstract String done();

        public Integer call() {
            try (TemporalConnection connection = temporal.connect()) {
                send(campaignStub(connection.client(), id));
                System.out.println(done() + " campaign " + id);
                return 0;
            }
        }
    }

    @Command(name = "pause", mixinStandardHelpOptions = true, description = "Pause a campaign: running items finish, no new ones start.")
    static final class Pause extends SignalCommand {
        void send(CampaignWorkflow campaign) { campaign.pause(); }
        String done() { return "paused"; }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true,
            description = "Resume a paused campaign; with --budget, first raise its budget (or, with --model, a model's).")
    static final class Resume extends SignalCommand {
        @Option(names = "--budget", paramLabel = "usd=N[,tokens=N]",
                description = "The new budget: usd and/or tokens (a limit not given stays as it is).") String budget;
        @Option(names = "--model", paramLabel = "NAME", description = "With --budget: raise this model's budget, not the campaign's.")
        String model;
        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (model != null && budget == null) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--model: only with --budget");
            }
            if (budget != null) {
                BudgetOption.Raise raise;
                try {
                    raise = BudgetOption.parse(budget);
                } catch (IllegalArgumentException e) {
                    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--budget: " + e.getMessage());
                }
                BudgetRaise.Result r;
                try {
                    r = BudgetRaise.checkAndRaise(CampaignServices.of(IbenchHome.resolve()), id, model, raise.usd(), raise.tokens());
                } catch (IllegalArgumentException refused) {
                    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--budget: " + refused.getMessage());
                }
                System.out.println("budget of " + (model == null ? "campaign " + id : "model " + model + " of campaign " + id) + " is now "
                        + r.raised().describe() + "; spent so far " + CampaignStatusView.spendLine(r.spent()));
                if (r.alreadyReached()) {
                    System.err.println("WARNING: the new budget is already reached; the campaign will pause again at its next model call");
                }
            }
            return super.call();
        }

        void send(CampaignWorkflow campaign) { campaign.resume(); }
        String done() { return "resumed"; }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancel a campaign and its running cells (stored results are kept).")
    static final class Cancel implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        @Mixin TemporalOptions temporal;

        public Integer call() {
            try (TemporalConnection connection = temporal.connect()) {
                connection.client().newUntypedWorkflowStub(CampaignWorkflow.workflowId(id)).cancel();
                System.out.println("cancel requested for campaign " + id);
                return 0;
            }
        }
    }

    @Command(name = "retry-errors", mixinStandardHelpOptions = true,
            description = "Re-run only the items recorded as infra_error (or never run) of a finished campaign; "
                    + "scored and rejected items are left alone.")
    static final class RetryErrors implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        @Option(names = "--wait", description = "Wait until the retry run finishes.") boolean waitForEnd;
        @Mixin TemporalOptions temporal;

        public Integer call() {
            try (TemporalConnection connection = temporal.connect()) {
                Optional<CampaignWorkflow> retry = new CampaignRetry(CampaignServices.of(IbenchHome.resolve()), connection.client()).start(id);
                if (retry.isEmpty()) {
                    System.err.println("campaign " + id + " is still running; retry-errors re-runs infra errors of a finished campaign");
                    return 2;
                }
                System.out.println("retrying the infra errors of campaign " + id);
                if (waitForEnd) {
                    CampaignStatus end = CampaignRetry.awaitEnd(retry.get());
                    System.out.print(CampaignStatusView.render(end, new CampaignStatusReader(connection.client()).cellViews(end)));
                }
                return 0;
            }
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Write a campaign report (every metric per cell; mean and spread over trials) from the results store; "
                    + "html is one offline page with the seed's tables, charts and a per-sample drill-down (docs/reports.md).")
    static final class Report implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ID") String id;
        @Option(names = "--format", defaultValue = "md", description = "md, json or html (default: ${DEFAULT-VALUE}).") String format;
        @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.") Path out;
        @Option(names = "--ui-url", paramLabel = "URL", defaultValue = "http://127.0.0.1:8233",
                description = "Temporal Web UI the html report links each cell to; 'none' for no links (default: ${DEFAULT-VALUE}).") String uiUrl;
        @Option(names = "--namespace", description = "Temporal namespace of the UI links (default: the --namespace setting of other commands: $TEMPORAL_NAMESPACE, the config file, else default).") String namespace;
        @Option(names = "--drill-down", paramLabel = "N", defaultValue = "200",
                description = "html: show prompt, outputs and trace of the first N items of each cell (default: ${DEFAULT-VALUE}).") int drillDown;
        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

        public Integer call() throws Exception {
            if (drillDown < 0) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--drill-down must be 0 or more, got " + drillDown);
            }
            if (!List.of("md", "json", "html").contains(format)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--format must be md, json or html, got '" + format + "'");
            }
            CellLinks links = uiUrl.equals("none") ? CellLinks.NONE
                    : new TemporalUiLinks(uiUrl, TemporalSettings.resolve(null, namespace, IbenchHome.resolve(), System::getenv).namespace());
            CampaignReports reports = new CampaignReports(CampaignServices.reading(IbenchHome.resolve()),
                    dev.ibench.activities.report.CampaignReportBuilder.DEFAULT_PAGE_SIZE, TerminalReportProgress.onStandardError());
            CommandOutput.write(out, w -> reports.write(id, format, drillDown, links, w));
            return 0;
        }
    }

    /** Implemented in {@link CompareCommand}. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Per-metric differences (B minus A) on the samples both campaigns scored, with paired bootstrap 95%% intervals.")
    static final class Compare extends CompareCommand {}

    /** Implemented in {@link ExportCommand}. */
    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Export every sample's scores of a campaign as CSV or JSON Lines.")
    static final class Export extends ExportCommand {}

    /** Implemented in {@link TrajectoryCommand} (issue #7). */
    @Command(name = "trajectory", mixinStandardHelpOptions = true, description = "Print the ReACT trajectory of one sample.")
    static final class Trajectory extends TrajectoryCommand {}
}
