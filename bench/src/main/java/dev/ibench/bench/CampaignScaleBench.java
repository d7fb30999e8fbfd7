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
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsResponse;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
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
 * Item 5 of issue 6 and issue 15: {@code cells} cells of {@code n / cells} distinct synthetic SLOT samples each over the
 * superhero database, evaluated on a real Temporal server (below) with an in-process worker serving
 * every role, by the zero-latency {@code oracle} model or (latency given) by a {@link LatencyEndpoint} answering after a
 * fixed latency with at most {@code endpoint-limit} requests at once. Verifies every item was scored and that no run of
 * any campaign workflow exceeded 10,000 history events; compares throughput with the same parse+execute+score done by a
 * plain loop without Temporal, and with the ideal {@code window / latency}; records the heap after GC over the run.
 * The latency is milliseconds or {@code lognormal:MEDIAN_MS:P99_MS} ({@link LatencyDistribution}); the ideal is
 * {@code min(window x cells, endpoint-limit) / mean latency} (Little's law), or for the oracle the plain loop's rate.
 * The results store's bytes per item, with and without raw outputs, are measured at the end ({@link ResultsDbBytes}).
 * With {@code trials} each cell runs its {@code n / cells / trials} samples that many times ({@code n} counts items).
 * The results store is the one {@code IBENCH_STORE} names (e.g. PostgreSQL), else a SQLite file in the run's temp folder.
 * Temporal is the server {@code TEMPORAL_ADDRESS} names (e.g. on PostgreSQL from {@code deploy/local/temporal-postgres.sh}),
 * else a dev server started for the run ({@link BenchTemporal}).
 * Usage: {@code CampaignScaleBench <n> <samples-in-flight> <results-dir> <name> [cells=1] [latency-ms|lognormal:MEDIAN_MS:P99_MS|-1] [endpoint-limit|-1] [trials=1]}.
 */
public final class CampaignScaleBench {
    static final int MAX_HISTORY_EVENTS = 10_000;
    /** Samples of the first cell the plain loop and the direct activity bodies run (a rate; at 100,000 items per cell all would take minutes). */
    static final int PLAIN_LOOP_ITEMS = 10_000;
    /** How often the live heap is measured by a full collection ({@link LiveHeapSampler}; about 1 s of pause each at 500 MB here). */
    static final long LIVE_HEAP_PERIOD_MILLIS = 30_000;

    private CampaignScaleBench() {}

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int window = Integer.parseInt(args[1]);
        Path results = Path.of(args[2]);
        String name = args[3];
        int cells = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        LatencyDistribution latency = args.length > 5 && !args[5].equals("-1") ? LatencyDistribution.parse(args[5]) : null;
        int endpointLimit = args.length > 6 && !args[6].equals("-1") ? Integer.parseInt(args[6]) : window;
        int trials = args.length > 7 ? Integer.parseInt(args[7]) : 1;
        if (cells < 1 || trials < 1 || n % (cells * trials) != 0) {
            throw new IllegalArgumentException("cells and trials must be >= 1 and cells x trials must divide N: " + n + " items, "
                    + cells + " cells, " + trials + " trials");
        }
        int perCell = n / cells; // items per cell
        int samplesPerCell = perCell / trials;
        String loadBefore = uptime();
        IbenchHome home = IbenchHome.resolve();
        // before the endpoint starts: its server thread would keep the JVM alive after this failure
        BenchTemporal temporalServer = BenchTemporal.choose(home, System.getenv());
        Path work = Files.createTempDirectory("ibench-scale-");
        System.setProperty("ibench.results.db", work.resolve("results.db").toString());
        Path evalSet = SyntheticEvalSet.writeExecutable(work.resolve("synthetic_slot.json"), samplesPerCell, CampaignServices.of(home).dataRoot());
        LatencyEndpoint endpoint = latency != null ? new LatencyEndpoint(latency, endpointLimit) : null;
        Path campaignFile = campaignFile(work, evalSet, endpoint, window, cells, trials);

        HeapSampler heap = new HeapSampler();
        LiveHeapSampler live = new LiveHeapSampler(LIVE_HEAP_PERIOD_MILLIS, endpoint == null ? () -> 0 : endpoint::requests);
        Map<String, Object> report = new LinkedHashMap<>();
        try (BenchTemporal.Running temporal = temporalServer.start(work);
             TemporalConnection connection = TemporalConnection.open(temporal.address(), temporal.namespace())) {
            CampaignServices services = CampaignServices.of(home);
            SimpleMeterRegistry workerMeters = new SimpleMeterRegistry();
            RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                    WorkerRoles.standard(new CampaignSpecLoader().load(campaignFile).models()), workerMeters, home);
            heap.start();
            live.start();
            long started = System.nanoTime();
            long startedEpochMillis = System.currentTimeMillis();
            String campaignId = new CampaignStarter(services, connection.client()).start(campaignFile, "scale-" + n);
            long startCallMillis = System.currentTimeMillis() - startedEpochMillis;
            CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(
                            CampaignWorkflow.class, "ibench-campaign-" + campaignId))
                    .getResult(6, TimeUnit.HOURS, CampaignStatus.class);
            double campaignSeconds = (System.nanoTime() - started) / 1e9;
            long endedEpochMillis = System.currentTimeMillis();
            heap.stop();
            live.stop();
            worker.close();
            String loadAfter = uptime();

            List<CellRecord> cellRecords = services.store().cells(campaignId);
            Scored scored = scored(services, cellRecords, cells, perCell);
            CellRecord cell = cellRecords.get(0);
            HistoryTimings timings = new HistoryTimings();
            List<Map<String, Object>> runs = runs(connection, campaignId, timings);
            int maxEvents = runs.stream().mapToInt(r -> (Integer) r.get("history_events")).max().orElse(0);

            // the plain loop and the activity bodies measure a rate: the first PLAIN_LOOP_ITEMS samples of the first cell are enough
            int measured = Math.min(samplesPerCell, PLAIN_LOOP_ITEMS);
            PlainLoop plain = plainLoop(services, cell, measured);
            double activityBodySeconds = scoringActivityBodies(services, cell, measured);

            report.put("samples", n);
            report.put("cells", cells);
            report.put("trials", trials);
            report.put("samples_per_cell", samplesPerCell);
            report.put("results_store", services.store().database().dialect().name().toLowerCase(java.util.Locale.ROOT));
            report.put("samples_in_flight", window);
            report.put("model", endpoint == null ? "oracle (zero latency)"
                    : "fake OpenAI-compatible endpoint, " + latency.describe() + ", at most " + endpointLimit + " at once");
            report.put("load_before", loadBefore);
            report.put("load_after", loadAfter);
            report.put("campaign_state", status.state().name());
            report.put("items_scored", scored.items());
            report.put("items_completed", scored.completed());
            report.put("all_items_scored", scored.everyCell() && scored.items() == n);
            report.put("campaign_seconds", round(campaignSeconds));
            report.put("campaign_samples_per_second", round(n / campaignSeconds));
            if (endpoint != null) {
                putEndpointFigures(report, endpoint, latency, Math.min(window * cells, endpointLimit), n, campaignSeconds, timings,
                        startedEpochMillis, startCallMillis, endedEpochMillis);
            }
            report.putAll(ResultsDbBytes.measure(services.store().database(), work.resolve("results.db"), n));
            report.put("temporal_server", temporal.description());
            report.put("workflow_runs", runs.size());
            report.put("max_history_events_per_run", maxEvents);
            report.put("history_limit", MAX_HISTORY_EVENTS);
            report.put("no_run_exceeds_limit", maxEvents <= MAX_HISTORY_EVENTS);
            putHeapAndPlainLoop(report, heap, live, endpoint == null, n, campaignSeconds, measured, plain, activityBodySeconds);
            report.put("where_time_goes_ms", timings.summary());
            report.put("batch_item_phases_ms", itemPhases(workerMeters));
            report.put("runs", runs.size() > 40 ? runs.subList(0, 40) : runs);
            report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, java " + System.getProperty("java.version"));
        } finally {
            if (endpoint != null) {
                endpoint.close();
            }
        }
        Files.createDirectories(results);
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve(name + ".json").toFile(), report);
        Files.writeString(results.resolve(name + ".md"), markdown(report));
        System.out.println(markdown(report));
        boolean ok = Boolean.TRUE.equals(report.get("all_items_scored")) && Boolean.TRUE.equals(report.get("no_run_exceeds_limit"));
        System.exit(ok ? 0 : 1);
    }

    /** Items scored and completed over the campaign's cells, counted by the store (a cell may hold 100,000 items). */
    private record Scored(long items, long completed, boolean everyCell) {}

    private static Scored scored(CampaignServices services, List<CellRecord> cellRecords, int cells, int perCell) throws java.sql.SQLException {
        long scoredItems = 0;
        long completed = 0;
        boolean everyCellScored = cellRecords.size() == cells;
        for (CellRecord cell : cellRecords) {
            long[] counts = scoredCounts(services, cell.cellId()); // counted by the store: a cell may hold 100,000 items
            scoredItems += counts[0];
            completed += counts[1];
            everyCellScored &= counts[0] == perCell;
        }
        return new Scored(scoredItems, completed, everyCellScored);
    }

    /**
     * The heap figures, and the plain loop's rate over {@code measured} items against the campaign's; with the oracle
     * ({@code oracle}: it answers at once) the plain loop is the ideal.
     */
    private static void putHeapAndPlainLoop(Map<String, Object> report, HeapSampler heap, LiveHeapSampler live, boolean oracle, int n,
                                            double campaignSeconds, int measured, PlainLoop plain, double activityBodySeconds) {
        report.put("peak_heap_used_mb", round(heap.peakBytes() / 1048576.0));
        report.put("max_heap_mb", round(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() / 1048576.0));
        report.put("heap_after_gc", heap.afterGcSummary());
        report.put("live_heap", live.summary());
        if (oracle) {
            // the oracle answers at once: the ideal is the scoring work alone, done by a plain loop
            report.put("ideal_samples_per_second", round(measured / plain.seconds()));
            report.put("share_of_ideal", round(n / campaignSeconds / (measured / plain.seconds())));
        }
        report.put("plain_loop_seconds", round(plain.seconds()));
        report.put("plain_loop_samples_per_second", round(measured / plain.seconds()));
        report.put("plain_loop_completed", plain.completed());
        report.put("plain_over_campaign_throughput_ratio", round((measured / plain.seconds()) / (n / campaignSeconds)));
        report.put("scoring_activity_body_ms_per_item", round(activityBodySeconds * 1000 / measured));
        report.put("plain_loop_items", measured);
    }

    /**
     * The fake endpoint's figures: the campaign's throughput against Little's law's ideal ({@code slotCount} requests in
     * flight over the mean latency), over the whole run, while calling, until the last start and until the last new item.
     */
    private static void putEndpointFigures(Map<String, Object> report, LatencyEndpoint endpoint, LatencyDistribution latency, int slotCount,
                                           int n, double campaignSeconds, HistoryTimings timings, long startedEpochMillis,
                                           long startCallMillis, long endedEpochMillis) {
        // Little's law: requests in flight / mean latency
        double ideal = slotCount * 1000.0 / Math.max(1, latency.meanMillis());
        report.put("mean_latency_ms", round(latency.meanMillis()));
        report.put("ideal_samples_per_second", round(ideal));
        report.put("share_of_ideal", round(n / campaignSeconds / ideal));
        // the same share from the first model-call batch's start to the last one's end: without planning,
        // the cell's start and the last scoring, i.e. what the batches themselves reach
        report.put("calls_seconds", round(timings.callSpanMillis() / 1000.0));
        report.put("share_of_ideal_while_calling", round(n / (timings.callSpanMillis() / 1000.0) / ideal));
        report.put("before_first_call_ms", timings.firstCallStartMillis() - startedEpochMillis);
        report.put("campaign_start_call_ms", startCallMillis);
        report.put("start_path_ms", timings.startPath(startedEpochMillis));
        report.put("after_last_call_ms", endedEpochMillis - timings.lastCallEndMillis());
        report.put("endpoint_requests", endpoint.requests());
        report.put("endpoint_refused_429", endpoint.refused());
        report.put("endpoint_peak_in_flight", endpoint.peakInFlight());
        report.put("endpoint_abandoned_by_client", endpoint.abandoned());
        report.put("endpoint_phases", endpoint.serverPhases());
        // issue 33: while items were left to start (first request to the last request's start), the slots'
        // occupancy and throughput, which Little's law relates: the whole-run share also pays the cell's end,
        // where the last calls of a heavy tail run alone whatever the scheduling
        double untilLastStart = endpoint.secondsUntilLastStart();
        report.put("seconds_until_last_start", round(untilLastStart));
        report.put("mean_in_flight_until_last_start", round(endpoint.meanInFlightUntilLastStart()));
        report.put("slot_occupancy_until_last_start", round(endpoint.meanInFlightUntilLastStart() / slotCount));
        if (untilLastStart > 0) {
            double startRate = (endpoint.startsUntilLastStart() - 1) / untilLastStart;
            report.put("requests_per_second_until_last_start", round(startRate));
            report.put("share_of_ideal_until_last_start", round(startRate * Math.max(1, latency.meanMillis())
                    / 1000.0 / slotCount));
        }
        // issue 33: the same figures until the first request of the last item sent at all: the per-item retries of
        // a window batch's timed-out items come after the batch, so "until the last start" also counts its drain
        double untilLastNew = endpoint.secondsUntilLastNewItem();
        double slots = slotCount;
        report.put("endpoint_distinct_items", endpoint.distinctBodies());
        report.put("seconds_until_last_new_item", round(untilLastNew));
        report.put("mean_in_flight_until_last_new_item", round(endpoint.meanInFlightUntilLastNewItem()));
        report.put("slot_occupancy_until_last_new_item", round(endpoint.meanInFlightUntilLastNewItem() / slots));
        if (untilLastNew > 0) {
            double rate = (endpoint.startsUntilLastNewItem() - 1) / untilLastNew;
            report.put("requests_per_second_until_last_new_item", round(rate));
            report.put("share_of_ideal_until_last_new_item", round(rate * Math.max(1, latency.meanMillis()) / 1000.0 / slots));
        }
    }

    /** The campaign: the oracle (no endpoint) or the fake endpoint, one synthetic benchmark per cell. */
    private static Path campaignFile(Path work, Path evalSet, LatencyEndpoint endpoint, int window, int cells, int trials) throws IOException {
        String model = endpoint == null
                ? "{name: oracle, profile: oracle, concurrency: %d}".formatted(window)
                : "{name: fake, profile: vllm-qwen2.5-7b, endpoint: \"%s\", concurrency: %d}".formatted(endpoint.baseUrl(), window);
        StringBuilder benchmarks = new StringBuilder();
        for (int c = 0; c < cells; c++) {
            benchmarks.append("  - {name: synthetic-slot-").append(c).append(", eval_set: ").append(evalSet.getFileName()).append("}\n");
        }
        Path campaignFile = work.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: scale
                models:
                  - %s
                benchmarks:
                %s
                samples_in_flight: %d
                cells_in_flight: %d
                trials: %d
                """.formatted(model, benchmarks.toString().stripTrailing(), window, cells, trials));
        return campaignFile;
    }

    /**
     * Where a model-call batch's items spend their time, from the worker's own meters: per phase the count and mean
     * (ready_ahead: sample, prompt, cache key and lookup, done ahead of the slot; take_ready: a slot waiting for that; call: budget check and the request; provider_reported_latency: the request alone;
     * after_call: from the answer to the next item; wait_for_writer: part of it; group_write: one grouped transaction),
     * and how many items a grouped write held.
     */
    private static Map<String, Object> itemPhases(SimpleMeterRegistry meters) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Timer t : meters.find("ibench_batch_item_seconds").timers()) {
            out.put(t.getId().getTag("phase"), Map.of("count", t.count(), "mean_ms", round(t.mean(TimeUnit.MILLISECONDS)),
                    "total_ms", round(t.totalTime(TimeUnit.MILLISECONDS))));
        }
        DistributionSummary groups = meters.find("ibench_batch_write_group_items").summary();
        if (groups != null) {
            out.put("items_per_group_write", Map.of("groups", groups.count(), "mean", round(groups.mean()), "max", round(groups.max())));
        }
        return out;
    }

    /** The machine's load as {@code uptime} prints it (the 1, 5 and 15 minute load averages). */
    static String uptime() {
        try {
            Process p = new ProcessBuilder("uptime").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "uptime unavailable: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "uptime interrupted";
        }
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
            ListWorkflowExecutionsResponse page = listPage(connection, ListWorkflowExecutionsRequest.newBuilder()
                    .setNamespace(connection.namespace()).setQuery(query).setPageSize(1000).setNextPageToken(token).build());
            all.addAll(page.getExecutionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return all;
    }

    /**
     * One page of a visibility listing, waiting out the server's visibility rate limit (a Temporal server, unlike the
     * dev server, limits a namespace's visibility requests per second and answers RESOURCE_EXHAUSTED above it).
     */
    private static ListWorkflowExecutionsResponse listPage(TemporalConnection connection, ListWorkflowExecutionsRequest request) {
        for (int attempt = 1; ; attempt++) {
            try {
                return connection.stubs().blockingStub().listWorkflowExecutions(request);
            } catch (io.grpc.StatusRuntimeException e) {
                if (e.getStatus().getCode() != io.grpc.Status.Code.RESOURCE_EXHAUSTED || attempt >= 30) {
                    throw e;
                }
                try {
                    Thread.sleep(Math.min(5_000, 200L * attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    record PlainLoop(double seconds, long completed) {}

    /** The scoring work of the cell without Temporal: the same stored oracle answers, parser, scorer and a fresh tool runtime. */
    private static PlainLoop plainLoop(CampaignServices services, CellRecord cell, int items) {
        Map<String, EvalSample> samples = services.evalSets().samples(cell.evalSet());
        List<EvalSample> ordered = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        for (String id : services.store().cellSampleIds(cell.cellId()).subList(0, items)) {
            ordered.add(samples.get(id));
            answers.add(services.store().modelCall(cell.cellId(), id, 0, 0).map(ModelCallRecord::rawOutput).orElseThrow());
        }
        ParserChain parser = services.parserOf(cell);
        try (ToolRuntime runtime = new ToolRuntime(services.dataRoot())) {
            SampleScorer scorer = new SampleScorer(parser, runtime);
            long completed = 0;
            long started = System.nanoTime();
            long startedEpochMillis = System.currentTimeMillis();
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

    /** The cell's scored results and those of them that completed, counted by the store. */
    private static long[] scoredCounts(CampaignServices services, String cellId) throws java.sql.SQLException {
        try (java.sql.Connection c = services.store().database().connection();
             java.sql.PreparedStatement s = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(CASE WHEN completed = 1 THEN 1 ELSE 0 END), 0) "
                     + "FROM sample_results WHERE cell_id = ? AND status = ?")) {
            s.setString(1, cellId);
            s.setString(2, SampleResultRecord.SCORED);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    private static String markdown(Map<String, Object> r) {
        StringBuilder md = new StringBuilder("# Campaign scale bench\n\n");
        md.append(r.get("cells")).append(" cell(s), model: ").append(r.get("model"))
                .append(", real Temporal (").append(r.get("temporal_server")).append("), in-process worker with every role (")
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


    /**
     * The highest heap use seen, sampled every 100 ms while the campaign runs, and the heap left after each garbage
     * collection (the sum of the heap pools' collection usage) over time: its peak and its least-squares slope. Not the
     * live set: under G1 (JDK 17) the old generation's after-collection usage is updated by mixed and full collections
     * only, so this figure jumps when the first mixed collection reports the cell's eval set, and its slope reads as
     * growth; {@link LiveHeapSampler} measures the live heap.
     */
    private static final class HeapSampler {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final AtomicLong peak = new AtomicLong();
        private final List<double[]> afterGc = java.util.Collections.synchronizedList(new ArrayList<>()); // {seconds, MB}
        private volatile boolean running;
        private Thread thread;

        void start() {
            running = true;
            long t0 = System.nanoTime();
            thread = new Thread(() -> {
                long last = -1;
                while (running) {
                    peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                    long now = afterLastGc();
                    if (now != last) {
                        afterGc.add(new double[] {(System.nanoTime() - t0) / 1e9, now / 1048576.0});
                        last = now;
                    }
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

        private static long afterLastGc() {
            long sum = 0;
            for (java.lang.management.MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getCollectionUsage() != null) {
                    sum += pool.getCollectionUsage().getUsed();
                }
            }
            return sum;
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join();
        }

        long peakBytes() {
            return peak.get();
        }

        /** samples, peak MB, first and last MB, and the slope in MB per minute over the run. */
        Map<String, Object> afterGcSummary() {
            List<double[]> points = new ArrayList<>(afterGc);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("samples", points.size());
            if (points.size() < 2) {
                return out;
            }
            double peakMb = points.stream().mapToDouble(p -> p[1]).max().orElse(0);
            out.put("peak_mb", round(peakMb));
            out.put("first_mb", round(points.get(0)[1]));
            out.put("last_mb", round(points.get(points.size() - 1)[1]));
            out.put("slope_mb_per_minute", round(LeastSquares.slope(points, p -> p[0], p -> p[1]) * 60));
            out.put("over_seconds", round(points.get(points.size() - 1)[0] - points.get(0)[0]));
            return out;
        }
    }
}
