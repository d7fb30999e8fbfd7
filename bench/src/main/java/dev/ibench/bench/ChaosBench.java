package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.testing.FreePorts;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.StoreSetting;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Issue 18, build item 2: a 500-sample, 2-model campaign against fault-injecting fake endpoints ({@link ChaosEndpoint},
 * a test tool) on the real Temporal dev server with two worker JVMs, while the driver SIGKILLs a random worker or the
 * dev server every 20-60 s for N rounds and restarts it. Everything goes through the public surface: the
 * {@code ibench} CLI in child JVMs ({@code worker}, {@code campaign start/status/retry-errors}), the results store and
 * the endpoints' request counts. Checks, against an undisturbed run of the same campaign (fast endpoints, no bursts, no
 * kills, its own store): every item scored exactly the same, no infra error left after {@code retry-errors}, and model
 * requests per finished item (answered ones, and also those worked on for a killed worker) at most
 * {@code 1 + (window x kills) / items}.
 * Usage: {@code ChaosBench <rounds> <results-dir> [seed]}.
 */
public final class ChaosBench {
    static final int SAMPLES = 500;
    static final int WINDOW = 4;
    static final int WORKERS = 2;
    static final String ROLES = "workflows,llm,scoring";
    private static final Duration CAMPAIGN_TIMEOUT = Duration.ofMinutes(90);

    private final IbenchHome home = IbenchHome.resolve();
    private final Path work;
    private final Random random;
    private RestartableDevServer server;

    private ChaosBench(Path work, long seed) {
        this.work = work;
        this.random = new Random(seed);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: ChaosBench <rounds> <results-dir> [seed]");
        }
        int rounds = Integer.parseInt(args[0]);
        Path results = Path.of(args[1]);
        long seed = args.length > 2 ? Long.parseLong(args[2]) : System.nanoTime();
        Path work = Files.createTempDirectory("ibench-chaos-");
        ChaosBench bench = new ChaosBench(work, seed);
        Map<String, Object> report;
        try {
            report = bench.run(rounds, seed);
        } finally {
            bench.stopServer();
        }
        Files.createDirectories(results);
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve("chaos.json").toFile(), report);
        System.out.println(Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        System.out.println("work folder (logs, stores): " + work);
        System.exit(Boolean.TRUE.equals(report.get("all_checks_pass")) ? 0 : 1);
    }

    private Map<String, Object> run(int rounds, long seed) throws Exception {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("uptime_before", uptime());
        report.put("seed", seed);
        report.put("rounds_requested", rounds);
        report.put("samples", SAMPLES);
        report.put("models", 2);
        report.put("samples_in_flight_per_cell", WINDOW);
        report.put("workers", WORKERS + " JVMs, roles " + ROLES);
        Path calmStore = work.resolve("calm.db");
        Path chaosStore = work.resolve("chaos.db");
        System.setProperty(StoreSetting.PROPERTY, calmStore.toString());
        SyntheticEvalSet.writeExecutable(work.resolve("synthetic_slot.json"), SAMPLES, CampaignServices.of(home).dataRoot());
        Path temporalCli = TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing: run deploy/local/install-tools.sh"));
        server = new RestartableDevServer(temporalCli,
                new DevServerSettings("127.0.0.1", FreePorts.next(), FreePorts.next(), FreePorts.next(), 0, work.resolve("temporal.db")), work);
        server.start();

        // 1. the undisturbed run
        Map<String, String> calm = undisturbedRun(calmStore, seed, report);

        // 2. the chaos run: latency long enough that the campaign outlasts the kill rounds, 429/503 bursts, kills
        int items = 2 * SAMPLES;
        int windowTotal = 2 * WINDOW;
        // undisturbed, the campaign would take about 90 s per round: longer than the rounds (20-60 s apart, plus restarts)
        int meanLatencyMs = Math.max(300, (int) ((long) rounds * 90_000 * windowTotal / items));
        List<Map<String, Object>> kills = new ArrayList<>();
        Map<String, Object> chaos = new LinkedHashMap<>();
        try (ChaosEndpoint a = new ChaosEndpoint("model-a", meanLatencyMs / 2, meanLatencyMs * 3 / 2, true, seed + 2);
             ChaosEndpoint b = new ChaosEndpoint("model-b", meanLatencyMs / 2, meanLatencyMs * 3 / 2, true, seed + 3)) {
            Path yaml = campaignFile("chaos", a, b);
            List<ChildJvm> workers = startWorkers(chaosStore, yaml, "chaos");
            long started = System.nanoTime();
            ibench(chaosStore, "start-chaos", "campaign", "start", yaml.toString(), "--id", "chaos");
            boolean endedEarly = killRounds(rounds, chaosStore, yaml, workers, started, kills);
            String state = awaitEnd(chaosStore, "chaos");
            chaos.put("state", state);
            chaos.put("seconds_until_end", seconds(started));
            chaos.put("ended_before_all_rounds", endedEarly);
            Map<String, String> beforeRetry = scores(chaosStore, "chaos");
            long infraBefore = beforeRetry.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count();
            chaos.put("infra_errors_before_retry", infraBefore);
            int answeredBeforeRetry = a.answered() + b.answered();
            ibench(chaosStore, "retry-errors", "campaign", "retry-errors", "chaos", "--wait");
            String retryState = awaitEnd(chaosStore, "chaos");
            chaos.put("state_after_retry_errors", retryState);
            chaos.put("answered_before_retry_errors", answeredBeforeRetry);
            for (ChildJvm w : workers) {
                w.stop();
            }
            chaos.put("endpoint_model_a", a.counts());
            chaos.put("endpoint_model_b", b.counts());
            chaos.put("mean_latency_ms", meanLatencyMs);
            int paid = a.answered() + b.answered();
            int worked = paid + a.aborted() + b.aborted();
            chaos.put("paid_requests", paid);
            chaos.put("worked_on_requests", worked);
            chaos.put("kills", kills);
            report.put("chaos", chaos);

            Map<String, String> after = scores(chaosStore, "chaos");
            Map<String, Object> checks = checks(rounds, calm, after, kills.size(), endedEarly, paid, worked);
            report.put("checks", checks);
            boolean pass = Boolean.TRUE.equals(checks.get("rounds_done_during_campaign"))
                    && Boolean.TRUE.equals(checks.get("scores_identical"))
                    && Boolean.TRUE.equals(checks.get("no_infra_error_left"))
                    && Boolean.TRUE.equals(checks.get("requests_within_bound"))
                    && "COMPLETED".equals(calmState(report));
            report.put("all_checks_pass", pass);
        }
        report.put("uptime_after", uptime());
        report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, java " + System.getProperty("java.version"));
        return report;
    }

    /** The undisturbed run: fast endpoints, no bursts, no kills, its own store (so its own response cache); its scores per item. */
    private Map<String, String> undisturbedRun(Path calmStore, long seed, Map<String, Object> report) throws Exception {
        long calmStarted = System.nanoTime();
        Map<String, String> calm;
        try (ChaosEndpoint a = new ChaosEndpoint("model-a", 5, 20, false, seed);
             ChaosEndpoint b = new ChaosEndpoint("model-b", 5, 20, false, seed + 1)) {
            Path yaml = campaignFile("calm", a, b);
            List<ChildJvm> workers = startWorkers(calmStore, yaml, "calm");
            ibench(calmStore, "start-calm", "campaign", "start", yaml.toString(), "--id", "calm");
            String state = awaitEnd(calmStore, "calm");
            for (ChildJvm w : workers) {
                w.stop();
            }
            calm = scores(calmStore, "calm");
            report.put("undisturbed", Map.of("state", state, "seconds", seconds(calmStarted), "items", calm.size(),
                    "infra_errors", calm.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count()));
        }
        return calm;
    }

    /**
     * Kills a worker or the dev server every 20-60 s, {@code rounds} times, starting it again 1-3 s later, each kill added to
     * {@code kills}; true when the campaign ended before all rounds.
     */
    private boolean killRounds(int rounds, Path chaosStore, Path yaml, List<ChildJvm> workers, long started,
                               List<Map<String, Object>> kills) throws Exception {
        boolean endedEarly = false;
        for (int round = 1; round <= rounds; round++) {
            Thread.sleep(20_000 + random.nextInt(40_001));
            if (!"RUNNING".equals(workflowState(chaosStore, "chaos"))) {
                endedEarly = true;
                break;
            }
            int target = random.nextInt(WORKERS + 1);
            Map<String, Object> kill = new LinkedHashMap<>();
            kill.put("round", round);
            kill.put("at_seconds", seconds(started));
            long down = System.nanoTime();
            if (target == WORKERS) {
                kill.put("target", "temporal dev server");
                kill.put("pid", server.kill());
                Thread.sleep(1_000 + random.nextInt(2_000));
                server.start();
            } else {
                ChildJvm victim = workers.get(target);
                kill.put("target", "worker-" + (target + 1));
                kill.put("pid", victim.pid());
                victim.kill();
                Thread.sleep(1_000 + random.nextInt(2_000));
                workers.set(target, startWorker(chaosStore, yaml, "chaos", target + 1));
            }
            kill.put("back_after_seconds", seconds(down));
            kills.add(kill);
            System.out.println("chaos round " + round + ": " + kill);
        }
        return endedEarly;
    }

    /** The chaos run's items against the undisturbed ones, its infra errors left, and the requests paid and worked on per item. */
    private static Map<String, Object> checks(int rounds, Map<String, String> calm, Map<String, String> after, int killRounds,
                                              boolean endedEarly, int paid, int worked) {
        int items = 2 * SAMPLES;
        int windowTotal = 2 * WINDOW;
        long infraAfter = after.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count();
        long finished = after.values().stream().filter(s -> s.startsWith(SampleResultRecord.SCORED)).count();
        List<String> differing = differing(calm, after);
        double perItem = finished == 0 ? Double.NaN : (double) paid / finished;
        double workedPerItem = finished == 0 ? Double.NaN : (double) worked / finished;
        double bound = 1.0 + (double) windowTotal * killRounds / items;
        Map<String, Object> checks = new LinkedHashMap<>();
        checks.put("kill_rounds_done", killRounds);
        checks.put("rounds_done_during_campaign", killRounds >= rounds && !endedEarly);
        checks.put("items", items);
        checks.put("items_scored", finished);
        checks.put("items_differing_from_undisturbed", differing.size());
        checks.put("differences_first_10", differing.subList(0, Math.min(10, differing.size())));
        checks.put("scores_identical", differing.isEmpty() && calm.size() == items);
        checks.put("infra_errors_after_retry_errors", infraAfter);
        checks.put("no_infra_error_left", infraAfter == 0);
        checks.put("paid_requests_per_finished_item", round(perItem));
        // stricter: also the requests a killed worker had in flight (worked on by the endpoint, never delivered)
        checks.put("worked_on_requests_per_finished_item", round(workedPerItem));
        checks.put("bound_1_plus_window_x_kills_over_items", round(bound));
        checks.put("window_total", windowTotal);
        checks.put("requests_within_bound", perItem <= bound && workedPerItem <= bound);
        return checks;
    }

    /** Per item whose score differs between the undisturbed run and the faulted one, what each gave; then items only the faulted one has. */
    static List<String> differing(Map<String, String> calm, Map<String, String> after) {
        List<String> differing = new ArrayList<>();
        for (Map.Entry<String, String> e : calm.entrySet()) {
            String got = after.get(e.getKey());
            if (!e.getValue().equals(got)) {
                differing.add(e.getKey() + " undisturbed=" + e.getValue() + " chaos=" + got);
            }
        }
        after.keySet().stream().filter(k -> !calm.containsKey(k)).forEach(k -> differing.add(k + " only in the chaos run"));
        return differing;
    }

    @SuppressWarnings("unchecked")
    private static String calmState(Map<String, Object> report) {
        return String.valueOf(((Map<String, Object>) report.get("undisturbed")).get("state"));
    }

    private Path campaignFile(String name, ChaosEndpoint a, ChaosEndpoint b) throws IOException {
        Path yaml = work.resolve(name + ".yaml");
        Files.writeString(yaml, """
                name: %s
                models:
                  - {name: model-a, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                  - {name: model-b, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                cells_in_flight: 2
                samples_in_flight: %d
                """.formatted(name, a.baseUrl(), WINDOW, b.baseUrl(), WINDOW, WINDOW));
        return yaml;
    }

    /** Per item ({@code model/benchmark/mode/sample/trial}) its status and score JSON, read from the results store. */
    private Map<String, String> scores(Path store, String campaignId) throws InterruptedException {
        return cli(store).scores(campaignId);
    }

    private List<ChildJvm> startWorkers(Path store, Path yaml, String phase) throws Exception {
        List<ChildJvm> workers = new ArrayList<>();
        for (int i = 1; i <= WORKERS; i++) {
            workers.add(startWorker(store, yaml, phase, i));
        }
        return workers;
    }

    private ChildJvm startWorker(Path store, Path yaml, String phase, int n) throws Exception {
        return ChildJvm.start(home, store, work.resolve(phase + "-worker-" + n + ".log"), "ibench worker ready",
                "worker", "--roles", ROLES, "--address", server.address(), "--models-from", yaml.toString());
    }

    /** Runs one ibench command to its end; fails on a non-zero exit. */
    private String ibench(Path store, String logName, String... args) throws Exception {
        return cli(store).ibench(logName, args);
    }

    private String workflowState(Path store, String campaignId) throws Exception {
        return cli(store).workflowState(campaignId);
    }

    private String awaitEnd(Path store, String campaignId) throws Exception {
        return cli(store).awaitEnd(campaignId);
    }

    private CampaignCli cli(Path store) {
        return new CampaignCli(home, work, store.toString(), Map.of(), server.address(), CAMPAIGN_TIMEOUT, Duration.ofSeconds(10));
    }

    private void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    static String uptime() {
        try {
            Process p = new ProcessBuilder("uptime").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException | InterruptedException e) {
            return "uptime unavailable: " + e.getMessage();
        }
    }

    private static double seconds(long startedNanos) {
        return round((System.nanoTime() - startedNanos) / 1e9);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

}
