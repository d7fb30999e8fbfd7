package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.campaign.ScoringActivitiesImpl;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.server.CliDevServer;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsResponse;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Item 5 of issue 6: one cell of {@code n} distinct synthetic SLOT samples over the superhero database,
 * evaluated by the zero-latency {@code oracle} model on the real dev server (temp SQLite file, free ports)
 * with an in-process worker serving every role. Verifies every item was scored and that no run of any
 * campaign workflow exceeded 10,000 history events, and compares throughput with the same
 * parse+execute+score done by a plain loop without Temporal.
 * Usage: {@code CampaignScaleBench <n> <samples-in-flight> <results-dir> <name>}.
 */
public final class CampaignScaleBench {
    static final int MAX_HISTORY_EVENTS = 10_000;

    private CampaignScaleBench() {}

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int window = Integer.parseInt(args[1]);
        Path results = Path.of(args[2]);
        String name = args[3];
        IbenchHome home = IbenchHome.resolve();
        Path work = Files.createTempDirectory("ibench-scale-");
        System.setProperty("ibench.results.db", work.resolve("results.db").toString());
        Path evalSet = SyntheticEvalSet.writeExecutable(work.resolve("synthetic_slot.json"), n, CampaignServices.of(home).dataRoot());
        Path campaignFile = work.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: scale
                models:
                  - {name: oracle, profile: oracle, concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: %s}
                samples_in_flight: %d
                """.formatted(window, evalSet.getFileName(), window));

        Path cli = TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing: run deploy/local/install-tools.sh"));
        DevServerSettings settings = new DevServerSettings("127.0.0.1", freePort(), freePort(), freePort(), 0,
                work.resolve("temporal.db"));
        HeapSampler heap = new HeapSampler();
        Map<String, Object> report = new LinkedHashMap<>();
        try (CliDevServer server = DevServerLauncher.startCli(cli, settings, work.resolve("temporal.log"));
             TemporalConnection connection = TemporalConnection.open(server.address(), TemporalConnection.DEFAULT_NAMESPACE)) {
            CampaignServices services = CampaignServices.of(home);
            RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                    WorkerRoles.standard(new CampaignSpecLoader().load(campaignFile).models()), new SimpleMeterRegistry(), home);
            heap.start();
            long started = System.nanoTime();
            String campaignId = new CampaignStarter(services, connection.client()).start(campaignFile, "scale-" + n);
            CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(
                            CampaignWorkflow.class, "ibench-campaign-" + campaignId))
                    .getResult(6, TimeUnit.HOURS, CampaignStatus.class);
            double campaignSeconds = (System.nanoTime() - started) / 1e9;
            heap.stop();
            worker.close();

            CellRecord cell = services.store().cells(campaignId).get(0);
            List<SampleResultRecord> scored = services.store().sampleResults(cell.cellId()).stream()
                    .filter(r -> SampleResultRecord.SCORED.equals(r.status())).toList();
            long completed = scored.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count();
            HistoryTimings timings = new HistoryTimings();
            List<Map<String, Object>> runs = runs(connection, campaignId, timings);
            int maxEvents = runs.stream().mapToInt(r -> (Integer) r.get("history_events")).max().orElse(0);

            PlainLoop plain = plainLoop(services, cell, work);
            double activityBodySeconds = scoringActivityBodies(services, cell, n);

            report.put("samples", n);
            report.put("samples_in_flight", window);
            report.put("campaign_state", status.state().name());
            report.put("items_scored", scored.size());
            report.put("items_completed", completed);
            report.put("all_items_scored", scored.size() == n);
            report.put("campaign_seconds", round(campaignSeconds));
            report.put("campaign_samples_per_second", round(n / campaignSeconds));
            report.put("workflow_runs", runs.size());
            report.put("max_history_events_per_run", maxEvents);
            report.put("history_limit", MAX_HISTORY_EVENTS);
            report.put("no_run_exceeds_limit", maxEvents <= MAX_HISTORY_EVENTS);
            report.put("peak_heap_used_mb", round(heap.peakBytes() / 1048576.0));
            report.put("max_heap_mb", round(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() / 1048576.0));
            report.put("plain_loop_seconds", round(plain.seconds()));
            report.put("plain_loop_samples_per_second", round(n / plain.seconds()));
            report.put("plain_loop_completed", plain.completed());
            report.put("plain_over_campaign_throughput_ratio", round(campaignSeconds / plain.seconds()));
            report.put("scoring_activity_body_ms_per_item", round(activityBodySeconds * 1000 / n));
            report.put("where_time_goes_ms", timings.summary());
            report.put("runs", runs);
            report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, java " + System.getProperty("java.version"));
        }
        Files.createDirectories(results);
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve(name + ".json").toFile(), report);
        Files.writeString(results.resolve(name + ".md"), markdown(report));
        System.out.println(markdown(report));
        boolean ok = Boolean.TRUE.equals(report.get("all_items_scored")) && Boolean.TRUE.equals(report.get("no_run_exceeds_limit"));
        System.exit(ok ? 0 : 1);
    }

    /** Every run of every workflow of the campaign (found by its search attribute), with its event count from the fetched history. */
    private static List<Map<String, Object>> runs(TemporalConnection connection, String campaignId, HistoryTimings timings)
            throws InterruptedException {
        List<WorkflowExecutionInfo> infos = new ArrayList<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            infos = listAll(connection, "IbenchCampaignId = '" + campaignId + "'");
            // every run of the cells, also those listed only under their workflow id, in case a continued run lost its attributes
            Set<String> seen = new HashSet<>();
            infos.forEach(i -> seen.add(i.getExecution().getRunId()));
            for (String workflowId : infos.stream().map(i -> i.getExecution().getWorkflowId()).distinct().toList()) {
                for (WorkflowExecutionInfo i : listAll(connection, "WorkflowId = '" + workflowId + "'")) {
                    if (seen.add(i.getExecution().getRunId())) {
                        infos.add(i);
                    }
                }
            }
            if (infos.stream().noneMatch(i -> i.getStatus().getNumber() == 1)) {
                break; // visibility is eventually consistent: wait until no run is listed as still running
            }
            Thread.sleep(500);
        }
        List<Map<String, Object>> runs = new ArrayList<>();
        for (WorkflowExecutionInfo info : infos) {
            WorkflowExecutionHistory history = connection.client().fetchHistory(
                    info.getExecution().getWorkflowId(), info.getExecution().getRunId());
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("workflow_id", info.getExecution().getWorkflowId());
            run.put("run_id", info.getExecution().getRunId());
            run.put("status", info.getStatus().name());
            run.put("history_events", history.getEvents().size());
            runs.add(run);
            timings.add(history);
        }
        return runs;
    }

    private static List<WorkflowExecutionInfo> listAll(TemporalConnection connection, String query) {
        List<WorkflowExecutionInfo> all = new ArrayList<>();
        com.google.protobuf.ByteString token = com.google.protobuf.ByteString.EMPTY;
        do {
            ListWorkflowExecutionsResponse page = connection.stubs().blockingStub().listWorkflowExecutions(
                    ListWorkflowExecutionsRequest.newBuilder().setNamespace(connection.namespace()).setQuery(query)
                            .setPageSize(1000).setNextPageToken(token).build());
            all.addAll(page.getExecutionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return all;
    }

    record PlainLoop(double seconds, long completed) {}

    /** The scoring work of the cell without Temporal: the same stored oracle answers, parser, scorer and a fresh tool runtime. */
    private static PlainLoop plainLoop(CampaignServices services, CellRecord cell, Path work) {
        Map<String, EvalSample> samples = services.evalSets().samples(cell.evalSet());
        List<EvalSample> ordered = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        for (String id : services.store().cellSampleIds(cell.cellId())) {
            ordered.add(samples.get(id));
            answers.add(services.store().modelCall(cell.cellId(), id, 0, 0).map(ModelCallRecord::rawOutput).orElseThrow());
        }
        ParserChain parser = services.parserOf(cell);
        try (ToolRuntime runtime = new ToolRuntime(services.dataRoot())) {
            SampleScorer scorer = new SampleScorer(parser, runtime);
            long completed = 0;
            long started = System.nanoTime();
            for (int i = 0; i < ordered.size(); i++) {
                if (Boolean.TRUE.equals(scorer.score(ordered.get(i), answers.get(i)).completed())) {
                    completed++;
                }
            }
            return new PlainLoop((System.nanoTime() - started) / 1e9, completed);
        }
    }

    /** The ScoreSample activity's own work (store reads, parse, execute, score, store write) called directly, without Temporal. */
    private static double scoringActivityBodies(CampaignServices services, CellRecord cell, int n) {
        ScoringActivitiesImpl scoring = new ScoringActivitiesImpl(services.store(), services.evalSets(), services.executor(),
                services::parserOf, new SimpleMeterRegistry());
        long started = System.nanoTime();
        for (int position = 0; position < n; position++) {
            scoring.scoreSample(new WorkItem(cell.cellId(), position, 0));
        }
        return (System.nanoTime() - started) / 1e9;
    }

    private static String markdown(Map<String, Object> r) {
        StringBuilder md = new StringBuilder("# Campaign scale bench\n\n");
        md.append("One cell, `oracle` model, real Temporal dev server, in-process worker with every role (")
                .append(r.get("machine")).append(").\n\n| measure | value |\n|---|---|\n");
        r.forEach((k, v) -> {
            if (!"runs".equals(k)) {
                md.append("| ").append(k).append(" | ").append(v).append(" |\n");
            }
        });
        return md.toString();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The highest heap use seen, sampled every 100 ms while the campaign runs. */
    private static final class HeapSampler {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final AtomicLong peak = new AtomicLong();
        private volatile boolean running;
        private Thread thread;

        void start() {
            running = true;
            thread = new Thread(() -> {
                while (running) {
                    peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "heap-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join();
        }

        long peakBytes() {
            return peak.get();
        }
    }
}
