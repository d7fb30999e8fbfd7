package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.core.campaign.Budget;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.core.report.html.HtmlReportData;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.CampaignStatusView;
import dev.ibench.workers.campaign.CellWarnings;
import dev.ibench.workers.campaign.UnservedQueues;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CampaignRequest;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.campaign.CellWorkflow;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
            CampaignCommand.Status.class,
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

    /**
     * The campaign's status: its result once it has finished (no worker needed), else the answer of its status
     * query (which needs a worker polling the workflows queue).
     */
    static CampaignStatus campaignStatus(WorkflowClient client, String id, String temporalFlags) {
        WorkflowStub stub = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId(id));
        WorkflowExecutionStatus state;
        try {
            state = stub.describe().getWorkflowExecutionInfo().getStatus();
        } catch (RuntimeException e) {
            throw new IllegalStateException("no campaign " + id + " on this Temporal server (" + e.getMessage() + ")", e);
        }
        if (state == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED) {
            return stub.getResult(CampaignStatus.class);
        }
        if (state != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
            throw new IllegalStateException("campaign " + id + " ended as " + state.name().replace("WORKFLOW_EXECUTION_STATUS_", "")
                    + "; its stored results remain: ./ibench campaign report " + id);
        }
        try {
            return campaignStub(client, id).status();
        } catch (RuntimeException e) {
            throw new IllegalStateException("campaign " + id + " is running but did not answer its status query; is a worker "
                    + "serving the workflows role? (./ibench worker" + temporalFlags + " --roles workflows ...)", e);
        }
    }

    /** Exit code of {@code campaign start --wait} when a queue the campaign needs has had no worker for too long. */
    static final int EXIT_NO_WORKER = 3;

    /**
     * The campaign's final status, or empty (after printing why) once a task queue it needs has had no worker polling
     * it for {@code giveUpAfter}: the time this command has seen it unserved, or how long work has waited on it.
     */
    static Optional<CampaignStatus> awaitEnd(WorkflowClient client, String campaignId, Duration giveUpAfter, String temporalFlags) {
        WorkflowStub stub = WorkflowStub.fromTyped(campaignStub(client, campaignId));
        Instant firstSeenUnserved = null;
        while (true) {
            try {
                return Optional.of(stub.getResult(5, TimeUnit.SECONDS, CampaignStatus.class));
            } catch (TimeoutException stillRunning) {
                Instant now = Instant.now();
                CampaignStatus status;
                try {
                    status = campaignStub(client, campaignId).status();
                } catch (RuntimeException noWorkflowWorker) {
                    status = null;
                }
                List<UnservedQueues.Unserved> unserved = UnservedQueues.find(client, status, now);
                if (unserved.isEmpty()) {
                    firstSeenUnserved = null;
                    continue;
                }
                if (firstSeenUnserved == null) {
                    firstSeenUnserved = now;
                }
                Duration unservedFor = Duration.between(firstSeenUnserved, now);
                for (UnservedQueues.Unserved u : unserved) {
                    if (u.waiting().isPresent() && u.waiting().get().compareTo(unservedFor) > 0) {
                        unservedFor = u.waiting().get();
                    }
                }
                if (unservedFor.compareTo(giveUpAfter) >= 0) {
                    System.err.println("gave up waiting for campaign " + campaignId + " after " + unservedFor.toSeconds()
                            + " s without a worker (--no-worker-timeout " + giveUpAfter.toSeconds() + "); it keeps running:");
                    unserved.forEach(u -> System.err.println("  " + u.message(temporalFlags)));
                    return Optional.empty();
                }
            }
        }
    }

    /** {@link #cellViews(WorkflowClient, CampaignStatus, SpendStore)} without spend. */
    static List<CampaignStatusView.CellView> cellViews(WorkflowClient client, CampaignStatus status) {
        return cellViews(client, status, null);
    }

    /** {@link #cellViews(WorkflowClient, CampaignStatus, SpendStore, CellWarnings)} with the warnings of the configured results store. */
    static List<CampaignStatusView.CellView> cellViews(WorkflowClient client, CampaignStatus status, SpendStore spend) {
        return cellViews(client, status, spend, CellWarnings.ofConfiguredStore(System.err));
    }

    /**
     * For each cell that has a workflow, its progress (the result of a finished cell, the query answer of a running one),
     * its spend and budget-deferred items from {@code spend} (null: not shown), and the warnings its answers recorded.
     */
    static List<CampaignStatusView.CellView> cellViews(WorkflowClient client, CampaignStatus status, SpendStore spend,
                                                       CellWarnings warnings) {
        List<CampaignStatusView.CellView> views = new ArrayList<>();
        for (CampaignStatus.CellEntry entry : status.cells()) {
            CellProgress live = null;
            if (entry.state() == CellState.COMPLETED || entry.state() == CellState.STOPPED) {
                live = client.newUntypedWorkflowStub(entry.workflowId()).getResult(CellProgress.class);
            } else if (entry.state() == CellState.RUNNING || entry.state() == CellState.PAUSED || entry.state() == CellState.PAUSED_BUDGET) {
                try {
                    live = client.newWorkflowStub(CellWorkflow.class, entry.workflowId()).progress();
                } catch (RuntimeException notStartedOrNoWorker) {
                    live = null;
                }
            }
            views.add(new CampaignStatusView.CellView(entry, live, spend == null ? null : spend.cellTotals(entry.cellId()),
                    spend == null ? 0 : spend.deferredUnsettled(entry.cellId()), warnings.of(entry.cellId())));
        }
        return views;
    }

    /** The spend ledger of the store this command uses, or null (with a warning) when the store cannot be opened. */
    static SpendStore spendStore() {
        try {
            return CampaignServices.reading(IbenchHome.resolve()).spend();
        } catch (RuntimeException e) {
            System.err.println("WARNING: spend not shown: the results store cannot be opened: " + e.getMessage());
            return null;
        }
    }

    static CampaignStatusView.Spend spendOf(SpendStore spend, String campaignId) {
        return spend == null ? null
                : new CampaignStatusView.Spend(spend.totals(campaignId, null), spend.totalsByModel(campaignId), spend.budgets(campaignId));
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start a campaign from a YAML file (docs/campaigns.md).")
    static final class Start implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE.yaml") Path file;
        @Option(names = "--id", description = "Campaign id (default: <name>-<timestamp>).") String id;
        @Option(names = "--wait", description = "Wait until the campaign finishes, then print its status.") boolean waitForEnd;
        @Option(names = "--no-worker-timeout", paramLabel = "SECONDS", defaultValue = "600",
                description = "With --wait: give up (exit 3) once a task queue the campaign needs has had no worker for this long "
                        + "(default: ${DEFAULT-VALUE}).") long noWorkerTimeoutSeconds;
        @Option(names = "--json", description = "Print {campaign_id, workflow_id} as JSON.") boolean json;
        @Mixin TemporalOptions temporal;

        public Integer call() throws Exception {
            System.err.println(CampaignStarter.plan(file).summary());
            try (TemporalConnection connection = temporal.connect()) {
                String campaignId = new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), connection.client()).start(file, id);
                String workflowId = CampaignWorkflow.workflowId(campaignId);
                if (json) {
                    System.out.println(Json.MAPPER.writeValueAsString(Map.of("campaign_id", campaignId, "workflow_id", workflowId)));
                } else {
                    System.out.println("started campaign " + campaignId + " (workflow " + workflowId + ")");
                    System.out.println("watch it: ./ibench campaign status " + campaignId + temporal.hintFlags());
                }
                if (waitForEnd) {
                    if (noWorkerTimeoutSeconds < 1) {
                        throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                                "--no-worker-timeout: must be >= 1 second, got " + noWorkerTimeoutSeconds);
                    }
                    Optional<CampaignStatus> end = awaitEnd(connection.client(), campaignId, Duration.ofSeconds(noWorkerTimeoutSeconds),
                            temporal.hintFlags());
                    if (end.isEmpty()) {
                        return EXIT_NO_WORKER;
                    }
                    SpendStore spend = CampaignServices.of(IbenchHome.resolve()).spend();
                    System.err.print(CampaignStatusView.render(end.get(), cellViews(connection.client(), end.get(), spend),
                            spendOf(spend, campaignId)));
                    return end.get().state() == CellState.COMPLETED ? 0 : 1;
                }
                return 0;
            }
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show per cell: items finished, correct answers among the scored, infra errors, rejections, rate, ETA "
                    + "and spend; then the campaign's spend per model and its budgets (docs/ledger.md).")
    static final class Status implements Callable<Integer> {
        static final int MAX_WATCH_SECONDS = 3600;
        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "ID") String id;
        @Option(names = "--json", description = "Print the status as JSON.") boolean json;
        @Option(names = "--watch", paramLabel = "SECONDS", arity = "0..1", fallbackValue = "5",
                description = "Refresh every SECONDS (1 to 3600; default 5) until the campaign ends or Ctrl-C.") Integer watch;
        @Mixin TemporalOptions temporal;

        public Integer call() throws Exception {
            if (watch != null && (watch < 1 || watch > MAX_WATCH_SECONDS)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--watch: the refresh interval must be 1 to " + MAX_WATCH_SECONDS + " seconds, got " + watch);
            }
            SpendStore spend = spendStore();
            try (TemporalConnection connection = temporal.connect()) {
                while (true) {
                    CampaignStatus status = campaignStatus(connection.client(), id, temporal.hintFlags());
                    List<CampaignStatusView.CellView> cells = cellViews(connection.client(), status, spend);
                    boolean ended = status.state() == CellState.COMPLETED || status.state() == CellState.FAILED;
                    List<UnservedQueues.Unserved> unserved = ended ? List.of()
                            : UnservedQueues.find(connection.client(), status, Instant.now());
                    CampaignStatusView.Spend totals = spendOf(spend, id);
                    if (json) {
                        Map<String, Object> out = new LinkedHashMap<>();
                        out.put("status", status);
                        out.put("cells", cells.stream().map(CampaignStatusView.CellView::live).toList());
                        Map<String, List<ErrorCount>> warnings = new LinkedHashMap<>();
                        cells.stream().filter(c -> !c.warnings().isEmpty()).forEach(c -> warnings.put(c.entry().cellId(), c.warnings()));
                        out.put("warnings", warnings);
                        out.put("unserved_task_queues", unserved.stream().map(u -> u.message(temporal.hintFlags())).toList());
                        if (totals != null) {
                            Map<String, Object> byCell = new LinkedHashMap<>();
                            cells.forEach(c -> byCell.put(c.entry().cellId(), c.spend()));
                            Map<String, Object> spendJson = new LinkedHashMap<>();
                            spendJson.put("campaign", totals.campaign());
                            spendJson.put("by_model", totals.byModel());
                            spendJson.put("by_cell", byCell);
                            spendJson.put("budgets", totals.budgets());
                            out.put("spend", spendJson);
                        }
                        System.out.println(Json.MAPPER.writeValueAsString(out));
                    } else {
                        System.out.print((watch != null ? "\033[H\033[2J" : "") + CampaignStatusView.render(status, cells, totals));
                        unserved.forEach(u -> System.out.println("WARNING: " + u.message(temporal.hintFlags())));
                    }
                    if (watch == null || ended) {
                        return 0;
                    }
                    Thread.sleep(watch * 1000L);
                }
            }
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
                SpendStore spend = CampaignServices.of(IbenchHome.resolve()).spend();
                String scope = model == null ? SpendStore.CAMPAIGN_SCOPE : model;
                Budget raised = spend.budget(id, scope).map(b -> b.raisedTo(raise.usd(), raise.tokens()))
                        .orElse(new Budget(raise.usd(), raise.tokens()));
                spend.saveBudget(id, scope, raised);
                dev.ibench.activities.spend.SpendTotals spent = spend.totals(id, model);
                System.out.println("budget of " + (model == null ? "campaign " + id : "model " + model + " of campaign " + id) + " is now "
                        + raised.describe() + "; spent so far " + CampaignStatusView.spendLine(spent));
                if (raised.reachedBy(spent.costOrZero(), spent.tokens())) {
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

        private static CampaignSpec spec(String json) {
            try {
                return Json.MAPPER.readValue(json, CampaignSpec.class);
            } catch (java.io.IOException e) {
                throw new IllegalStateException("stored campaign spec is unreadable: " + e.getMessage(), e);
            }
        }

        public Integer call() {
            try (TemporalConnection connection = temporal.connect()) {
                WorkflowClient client = connection.client();
                String workflowId = CampaignWorkflow.workflowId(id);
                WorkflowExecutionStatus current = client.newUntypedWorkflowStub(workflowId).describe().getWorkflowExecutionInfo().getStatus();
                if (current == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
                    System.err.println("campaign " + id + " is still running; retry-errors re-runs infra errors of a finished campaign");
                    return 2;
                }
                CampaignStatus previous = WorkflowStub.fromTyped(campaignStub(client, id)).getResult(CampaignStatus.class);
                CampaignWorkflow retry = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                        .setWorkflowId(workflowId)
                        .setTaskQueue(TaskQueues.WORKFLOWS)
                        .setStaticSummary("Retry of the infra errors of campaign " + previous.name())
                        .setTypedSearchAttributes(SearchAttributes.newBuilder()
                                .set(IbenchSearchAttributes.CAMPAIGN_ID, id)
                                .set(IbenchSearchAttributes.STATE, CellState.PLANNING.name())
                                .build())
                        .build());
                CampaignSpec spec = CampaignServices.of(IbenchHome.resolve()).store().campaignSpecJson(id)
                        .map(RetryErrors::spec)
                        .orElseThrow(() -> new IllegalStateException("campaign " + id + " is not in the results store"));
                WorkflowClient.start(retry::run, new CampaignRequest(id, spec.cellsInFlight(), spec.samplesInFlight(), true));
                System.out.println("retrying the infra errors of campaign " + id);
                if (waitForEnd) {
                    CampaignStatus end = WorkflowStub.fromTyped(retry).getResult(CampaignStatus.class);
                    System.out.print(CampaignStatusView.render(end, cellViews(client, end)));
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
            CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
            List<SampleRow> rows = new ArrayList<>();
            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build(id, Instant.now().toString(), format.equals("html") ? drillDown : 0, rows::add);
            SpendReportSection spend = SpendReportSection.of(services.store(), services.spend(), id);
            String text = switch (format) {
                case "md" -> spend.appendTo(format, MarkdownReportRenderer.render(report));
                case "json" -> spend.appendTo(format, JsonReportRenderer.render(report));
                default -> HtmlReportRenderer.render(new HtmlReportData(report, rows, uiUrl.equals("none") ? CellLinks.NONE
                        : new TemporalUiLinks(uiUrl, TemporalSettings.resolve(null, namespace, IbenchHome.resolve(), System::getenv).namespace()),
                        spend.report()));
            };
            write(out, text);
            return 0;
        }
    }

    /** Implemented in {@link CompareCommand}. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Per-metric differences (B minus A) on the samples both campaigns scored, with paired bootstrap 95% intervals.")
    static final class Compare extends CompareCommand {}

    /** Implemented in {@link ExportCommand}. */
    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Export every sample's scores of a campaign as CSV or JSON Lines.")
    static final class Export extends ExportCommand {}

    /** Writes {@code text} to {@code out} (creating its folder), or to standard output when {@code out} is null. */
    static void write(Path out, String text) throws java.io.IOException {
        if (out != null) {
            Optional.ofNullable(out.toAbsolutePath().getParent()).ifPresent(dir -> dir.toFile().mkdirs());
            Files.writeString(out, text);
            System.err.println("wrote " + out);
        } else {
            System.out.print(text.endsWith("\n") ? text : text + "\n");
        }
    }

    /** Implemented in {@link TrajectoryCommand} (issue #7). */
    @Command(name = "trajectory", mixinStandardHelpOptions = true, description = "Print the ReACT trajectory of one sample.")
    static final class Trajectory extends TrajectoryCommand {}
}
