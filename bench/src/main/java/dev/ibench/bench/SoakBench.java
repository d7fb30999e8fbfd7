package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.json.Json;
import dev.ibench.testing.FreePorts;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;

/**
 * Issue 45, build item 2: the soak bench ({@code bench/soak.sh}). Successive rounds of two campaigns for MINUTES
 * (default 120) against one slow loopback endpoint ({@link ChaosEndpoint}, no bursts): per round, a synthetic SLOT set
 * in a direct and a ReACT cell, and BFCL multi-turn TradingBot entries on bfcl-eval's backends (Python interpreters) in a
 * react cell, each cell with a window of {@link #WINDOW} samples in flight, on the real Temporal dev server with two
 * worker JVMs and a PostgreSQL results store ({@code deploy/local/postgres-local.sh}); a new round starts as soon as the
 * last one ended, so items flow the whole time. Meanwhile a fault driver SIGKILLs a worker (and starts it again) every
 * 20 minutes, SIGKILLs and restarts the dev server every 20 minutes (10 minutes after the worker kills) and restarts the
 * store's PostgreSQL every hour ({@code SOAK_KILL_EVERY_S}, {@code SOAK_SERVER_EVERY_S}, {@code SOAK_PG_EVERY_S} scale
 * these for a quick check); a sampler ({@link SoakSampler}) records every minute ({@code SOAK_SAMPLE_EVERY_S}) the
 * workers' live heap, threads, descriptors and child processes, the dev server's threads, descriptors and memory, and
 * the store's size. Checks: every round's items scored exactly as an undisturbed reference run of the same items (fast
 * endpoint, SQLite store, run first), no infra error left, model requests paid per round within
 * {@code reference requests + window x cells x faults in the round}, every fault recovered, and each sampled metric
 * flat ({@link SoakSlopes}). Results: {@code soak.json} and {@code soak.md}.
 * Usage: {@code SoakBench <minutes> <results-dir> <seed>}.
 */
public final class SoakBench {
    static final int WINDOW = 4;
    /** Cells in flight at once: direct and react on the synthetic set, react on the multi-turn set. */
    static final int CELLS = 3;
    static final int WORKERS = 2;
    /** Trials per multi-turn entry, so the multi-turn cell lasts about as long as the ReACT one (3 steps per item). */
    static final int MT_TRIALS = 3;
    /**
     * The reference run's campaign seed; round r's is r, so no round is answered from another's responses in the store's
     * response cache (the endpoint's answers do not depend on the seed, so the scores stay comparable).
     */
    static final long REFERENCE_SEED = 1000;
    static final String ROLES = "workflows,llm,tools,scoring";
    private static final Duration CAMPAIGN_TIMEOUT = Duration.ofMinutes(60);
    /** How often a round's campaigns are asked for their state (each ask is a JVM: kept rare on a shared machine). */
    private static final Duration POLL = Duration.ofSeconds(30);

    private final IbenchHome home = IbenchHome.resolve();
    private final Path work;
    private final long seed;
    private final SoakSettings settings;
    private final Random random;
    private final ChaosStoresServers servers;
    private final ChildJvm[] workers = new ChildJvm[WORKERS];
    private RestartableDevServer devServer;
    private Map<String, String> workerEnv;
    private Path workerModels;

    private SoakBench(Path work, long seed, SoakSettings settings) {
        this.work = work;
        this.seed = seed;
        this.settings = settings;
        this.random = new Random(seed);
        this.servers = new ChaosStoresServers(work);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: SoakBench <minutes> <results-dir> <seed>");
        }
        SoakSettings settings = SoakSettings.from(Integer.parseInt(args[0]), System.getenv());
        Path results = Path.of(args[1]);
        Path work = Files.createTempDirectory("ibench-soak-");
        SoakBench bench = new SoakBench(work, Long.parseLong(args[2]), settings);
        Map<String, Object> report = new LinkedHashMap<>();
        try {
            bench.run(report);
        } catch (Exception e) {
            report.put("failed", e.toString());
            report.put("all_checks_pass", false);
            e.printStackTrace();
        } finally {
            bench.tearDown();
        }
        report.put("uptime_after", ChaosBench.uptime());
        report.put("work_folder", work.toString());
        Files.createDirectories(results);
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve("soak.json").toFile(), report);
        Files.writeString(results.resolve("soak.md"), SoakSummary.markdown(report));
        System.out.println(SoakSummary.markdown(report));
        System.out.println("work folder (logs, stores): " + work);
        System.exit(Boolean.TRUE.equals(report.get("all_checks_pass")) ? 0 : 1);
    }

    private void run(Map<String, Object> report) throws Exception {
        report.put("started", Instant.now().toString());
        report.put("uptime_before", ChaosBench.uptime());
        report.put("seed", seed);
        report.put("settings", settings.toMap());
        report.put("workers", WORKERS + " JVMs, roles " + ROLES);
        report.put("how_items_keep_flowing", "successive rounds: each round is two campaigns (synthetic SLOT direct + react, BFCL "
                + "multi-turn react) started as soon as the round before ended, until the soak's minutes are over");
        OfficialBfclChecker official = OfficialBfclChecker.install();
        Map<String, Object> selection = new LinkedHashMap<>();
        BfclSmolLm2MultiTurnDurabilityBench.Selection mt = BfclSmolLm2MultiTurnDurabilityBench.select(official, settings.mtEntries(), selection);
        report.put("multi_turn_selection", selection);
        Path mtSet = BfclSmolLm2MultiTurnDurabilityBench.writeEvalSet(work, mt, mt.entries(), "mt-tradingbot.json");
        Path slotSet = work.resolve("synthetic_slot.json");
        SyntheticEvalSet.writeExecutable(slotSet, settings.samples(), CampaignServices.of(home).dataRoot());

        long setup = System.nanoTime();
        servers.startStore();
        Path cli = TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing: run deploy/local/install-tools.sh"));
        int metricsPort = FreePorts.next();
        devServer = new RestartableDevServer(cli, new DevServerSettings("127.0.0.1", FreePorts.next(), FreePorts.next(), FreePorts.next(),
                metricsPort, work.resolve("temporal.db")), work);
        devServer.start();
        report.put("setup_seconds", seconds(setup));
        Map<String, String> bfclEnv = Map.of(BfclEvalPackage.ENV, official.root().toString());

        // 1. the undisturbed reference run of the same items: fast endpoint, SQLite store, no fault
        Map<String, Object> reference = new LinkedHashMap<>();
        report.put("reference", reference);
        Map<String, String> referenceScores;
        int referenceRequests;
        try (ChaosEndpoint fast = new ChaosEndpoint("model-a", 5, 20, false, seed)) {
            String store = work.resolve("reference.db").toString();
            CampaignCli ref = new CampaignCli(home, work, store, bfclEnv, devServer.address(), CAMPAIGN_TIMEOUT, POLL);
            Path slotYaml = slotCampaign("reference-slot", fast, slotSet, REFERENCE_SEED);
            ChildJvm worker = ChildJvm.start(home, store, bfclEnv, work.resolve("reference-worker.log"), "ibench worker ready",
                    "worker", "--roles", ROLES, "--address", devServer.address(), "--models-from", slotYaml.toString());
            long started = System.nanoTime();
            referenceScores = runRound(ref, "reference", slotYaml, mtCampaign("reference-mt", fast, mtSet, REFERENCE_SEED), reference);
            worker.stop();
            referenceRequests = fast.answered();
            reference.put("seconds", seconds(started));
            reference.put("model_requests", referenceRequests);
        }

        // 2. the soak
        String store = servers.store();
        workerEnv = new HashMap<>(bfclEnv);
        workerEnv.put(ResultsDatabase.PASSWORD_VARIABLE, servers.storePassword());
        CampaignCli soak = new CampaignCli(home, work, store, workerEnv, devServer.address(), CAMPAIGN_TIMEOUT, POLL);
        List<Map<String, Object>> rounds = new ArrayList<>();
        report.put("rounds", rounds);
        try (ChaosEndpoint slow = new ChaosEndpoint("model-a", settings.latencyMinMs(), settings.latencyMaxMs(), false, seed + 1);
             StoreSize storeSize = new StoreSize(store, servers.storePassword())) {
            workerModels = slotCampaign("soak-models", slow, slotSet, REFERENCE_SEED);
            for (int i = 0; i < WORKERS; i++) {
                workers[i] = startWorker(i);
            }
            long t0 = System.nanoTime();
            SoakSampler sampler = new SoakSampler(settings.sampleEverySeconds() * 1000L, this::workerPids, this::temporalPid,
                    URI.create("http://127.0.0.1:" + metricsPort + "/metrics"), storeSize::bytes);
            SoakFaults faults = new SoakFaults(settings, t0, this::injectFault);
            sampler.start();
            faults.start();
            long end = t0 + Duration.ofMinutes(settings.minutes()).toNanos();
            for (int r = 1; System.nanoTime() < end; r++) {
                Map<String, Object> round = new LinkedHashMap<>();
                rounds.add(round);
                round.put("round", r);
                double from = seconds(t0);
                int paidBefore = slow.answered();
                int workedBefore = paidBefore + slow.aborted();
                Map<String, String> scores = runRound(soak, "soak-" + r, slotCampaign("soak-" + r + "-slot", slow, slotSet, r),
                        mtCampaign("soak-" + r + "-mt", slow, mtSet, r), round);
                double to = seconds(t0);
                round.put("from_seconds", from);
                round.put("to_seconds", to);
                int paid = slow.answered() - paidBefore;
                int worked = slow.answered() + slow.aborted() - workedBefore;
                long faultsInRound = faults.done().stream().filter(f -> overlaps(f, from, to)).count();
                long bound = referenceRequests + (long) WINDOW * CELLS * faultsInRound;
                List<String> differing = ChaosBench.differing(referenceScores, scores);
                round.put("paid_requests", paid);
                round.put("worked_on_requests", worked);
                round.put("faults_during_round", faultsInRound);
                round.put("request_bound", bound);
                round.put("requests_within_bound", paid <= bound && worked <= bound);
                round.put("items_differing_from_reference", differing.size());
                round.put("differences_first_10", differing.subList(0, Math.min(10, differing.size())));
                round.put("identical_to_reference", differing.isEmpty() && scores.size() == referenceScores.size());
                System.out.println("soak round " + round);
            }
            faults.stop();
            sampler.stop();
            report.put("soak_seconds", seconds(t0));
            report.put("endpoint", slow.counts());
            report.put("faults", faults.done());
            report.put("faults_per_kind", faults.perKind());
            report.put("store_size_at_end", storeSize.measure(rounds.size() * (long) referenceScores.size()));
            Map<String, Object> samples = SoakMetrics.series(sampler.rows());
            report.put("slopes", SoakMetrics.judge(sampler.rows(), settings.warmupHours()));
            report.put("flatness_rule", SoakMetrics.RULE);
            report.put("samples", samples);
        }
        report.put("checks", SoakChecks.of(report, referenceScores.size(), settings));
        report.put("all_checks_pass", ((Map<?, ?>) report.get("checks")).get("all_pass"));
        report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, java " + System.getProperty("java.version"));
    }

    /** True when fault {@code f} (at_seconds to back_at_seconds) overlaps the round [from, to]. */
    static boolean overlaps(Map<String, Object> f, double from, double to) {
        double at = ((Number) f.get("at_seconds")).doubleValue();
        double back = ((Number) f.getOrDefault("back_at_seconds", at)).doubleValue();
        return back >= from && at <= to;
    }

    /**
     * Starts the round's two campaigns, waits for both, runs {@code retry-errors} on one that left infra errors; the items
     * of both (keys without the campaign id), their states and counts written to {@code round}.
     */
    private Map<String, String> runRound(CampaignCli cli, String name, Path slotYaml, Path mtYaml, Map<String, Object> round)
            throws Exception {
        String slotId = name + "-slot";
        String mtId = name + "-mt";
        startCampaign(cli, slotYaml, slotId);
        startCampaign(cli, mtYaml, mtId);
        Map<String, String> items = new TreeMap<>();
        Map<String, Object> states = new LinkedHashMap<>();
        long infraBefore = 0;
        long infraAfter = 0;
        for (String id : List.of(slotId, mtId)) {
            String state = cli.awaitEnd(id);
            Map<String, String> scores = cli.scores(id);
            long infra = infra(scores);
            infraBefore += infra;
            if (infra > 0) {
                cli.ibench("retry-errors-" + id, "campaign", "retry-errors", id, "--wait");
                state = cli.awaitEnd(id) + " after retry-errors";
                scores = cli.scores(id);
            }
            infraAfter += infra(scores);
            states.put(id, state);
            items.putAll(scores);
        }
        round.put("states", states);
        round.put("items", items.size());
        round.put("items_scored", items.values().stream().filter(s -> s.startsWith(SampleResultRecord.SCORED)).count());
        round.put("infra_errors_before_retry", infraBefore);
        round.put("infra_errors_left", infraAfter);
        round.put("all_completed", states.values().stream().allMatch(s -> String.valueOf(s).startsWith("COMPLETED")));
        return items;
    }

    private static long infra(Map<String, String> scores) {
        return scores.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count();
    }

    /** {@code campaign start}, tried again while the dev server restarts (a start the server took is not repeated). */
    private void startCampaign(CampaignCli cli, Path yaml, String id) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                cli.ibench("start-" + id, "campaign", "start", yaml.toString(), "--id", id);
                return;
            } catch (IllegalStateException e) {
                if (attempt >= 12) {
                    throw e;
                }
                Thread.sleep(10_000);
                try {
                    String state = cli.workflowState(id);
                    if (!state.isBlank() && !"NOT_FOUND".equals(state)) {
                        return;
                    }
                } catch (IllegalStateException notThere) {
                    // start it again
                }
            }
        }
    }

    /** One fault of the driver; what it did added to {@code f}. */
    private void injectFault(String kind, Map<String, Object> f) throws Exception {
        switch (kind) {
            case SoakFaults.WORKER_KILL -> {
                int slot = ((Number) f.get("n")).intValue() % WORKERS;
                ChildJvm victim = workers[slot];
                workers[slot] = null;
                f.put("target", "worker-" + (slot + 1));
                f.put("pid", victim.pid());
                victim.kill();
                Thread.sleep(1_000 + random.nextInt(2_000));
                workers[slot] = startWorker(slot);
            }
            case SoakFaults.SERVER_RESTART -> {
                f.put("pid", devServer.kill());
                Thread.sleep(1_000 + random.nextInt(2_000));
                devServer.start();
            }
            case SoakFaults.STORE_RESTART -> {
                servers.stopStore();
                servers.startStoreAgain();
            }
            default -> throw new IllegalStateException(kind);
        }
    }

    private ChildJvm startWorker(int slot) throws Exception {
        return ChildJvm.start(home, servers.store(), workerEnv, work.resolve("worker-" + (slot + 1) + ".log"), "ibench worker ready",
                "worker", "--roles", ROLES, "--address", devServer.address(), "--models-from", workerModels.toString());
    }

    private List<OptionalLong> workerPids() {
        List<OptionalLong> pids = new ArrayList<>();
        for (ChildJvm w : workers) {
            pids.add(w == null ? OptionalLong.empty() : OptionalLong.of(w.pid()));
        }
        return pids;
    }

    private OptionalLong temporalPid() {
        Process p = devServer.process();
        return p == null || !p.isAlive() ? OptionalLong.empty() : OptionalLong.of(p.pid());
    }

    /** The synthetic set's campaign: a direct and a ReACT cell (3 steps per item) at once. */
    private Path slotCampaign(String name, ChaosEndpoint endpoint, Path evalSet, long campaignSeed) throws java.io.IOException {
        return campaign(name, endpoint, campaignSeed, """
                benchmarks:
                  - {name: synthetic-slot, eval_set: %s}
                modes: [direct, react]
                react: {budget: 3, observation_chars: 1000}
                cells_in_flight: 2
                """.formatted(evalSet));
    }

    /** The multi-turn set's campaign: one react cell, at most 3 steps per turn, {@link #MT_TRIALS} trials per entry. */
    private Path mtCampaign(String name, ChaosEndpoint endpoint, Path evalSet, long campaignSeed) throws java.io.IOException {
        return campaign(name, endpoint, campaignSeed, """
                benchmarks:
                  - {name: mt-tradingbot, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: 3}
                trials: %d
                """.formatted(evalSet, MT_TRIALS));
    }

    private Path campaign(String name, ChaosEndpoint endpoint, long campaignSeed, String benchmarkPart) throws java.io.IOException {
        Path yaml = work.resolve(name + ".yaml");
        Files.writeString(yaml, """
                name: %s
                models:
                  - {name: model-a, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                %ssamples_in_flight: %d
                decoding: {seed: %d}
                """.formatted(name, endpoint.baseUrl(), WINDOW * CELLS, benchmarkPart, WINDOW, campaignSeed));
        return yaml;
    }

    private void tearDown() {
        for (int i = 0; i < WORKERS; i++) {
            if (workers[i] != null) {
                try {
                    workers[i].stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (devServer != null) {
            devServer.close();
        }
        servers.stop();
    }

    private static double seconds(long startedNanos) {
        return Math.round((System.nanoTime() - startedNanos) / 1e7) / 100.0;
    }

    /** The results store's size ({@code pg_database_size}) over one connection pool kept for the run. */
    static final class StoreSize implements AutoCloseable {
        private final String store;
        private final String password;
        private ResultsDatabase db;

        StoreSize(String store, String password) {
            this.store = store;
            this.password = password;
        }

        synchronized long bytes() {
            try {
                if (db == null) {
                    db = ResultsDatabase.open(StoreLocation.parse(store, "the soak's store"), password);
                }
                try (Connection c = db.connection(); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT pg_database_size(current_database())")) {
                    return rs.next() ? rs.getLong(1) : -1;
                }
            } catch (Exception storeDown) {
                return -1;
            }
        }

        synchronized Map<String, Object> measure(long items) {
            try {
                if (db == null) {
                    db = ResultsDatabase.open(StoreLocation.parse(store, "the soak's store"), password);
                }
                return ResultsDbBytes.measure(db, null, Math.max(1, items));
            } catch (Exception e) {
                return Map.of("failed", e.toString());
            }
        }

        @Override
        public synchronized void close() {
            if (db != null) {
                db.close();
            }
        }
    }
}
