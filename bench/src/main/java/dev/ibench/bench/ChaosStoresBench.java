package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.testing.net.CuttableTcpProxy;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Issue 34, build item 1: the chaos bench's store and network rounds ({@code bench/chaos.sh stores}). Temporal runs on
 * PostgreSQL ({@code deploy/local/temporal-postgres.sh}); the results store is a second PostgreSQL
 * ({@code deploy/local/postgres-local.sh}). Phase 1, one campaign on that store with two worker JVMs, one of which reaches
 * the Temporal server and the store only through two {@link CuttableTcpProxy} links (test tool), while the driver
 * injects, one after the other: the store's PostgreSQL stopped ({@code pg_ctl stop -m fast}) for a while and started,
 * the store's PostgreSQL SIGKILLed (postmaster) and started, the temporal-server SIGKILLed and started, Temporal's
 * PostgreSQL restarted ({@code pg_ctl restart -m fast}), the first worker cut off from both for a while; each twice.
 * Phase 2, a campaign on a SQLite store in a small tmpfs: the disk filled (a filler file up to ENOSPC) for a while and
 * freed, twice. Checks per phase, as {@code chaos.json}: every item scored identically to an undisturbed run (same
 * Temporal server, SQLite store, fast endpoint), no infra error left after {@code campaign retry-errors}, paid model
 * requests per finished item at most {@code 1 + window x faults / items}. Results: {@code chaos-stores.json}.
 * Usage: {@code ChaosStoresBench <samples> <results-dir> <seed> <store-stop-s> <partition-s> <disk-full-s>}.
 */
public final class ChaosStoresBench {
    static final int WINDOW = 4;
    static final String ROLES = "workflows,llm,scoring";
    private static final Duration CAMPAIGN_TIMEOUT = Duration.ofMinutes(60);

    private final IbenchHome home = IbenchHome.resolve();
    private final Path work;
    private final int samples;
    private final long seed;
    private final int storeStopSeconds;
    private final int partitionSeconds;
    private final int diskFullSeconds;
    private final ChaosStoresServers servers;
    private Path tmpfs;

    private ChaosStoresBench(Path work, int samples, long seed, int storeStopSeconds, int partitionSeconds, int diskFullSeconds) {
        this.work = work;
        this.samples = samples;
        this.seed = seed;
        this.storeStopSeconds = storeStopSeconds;
        this.partitionSeconds = partitionSeconds;
        this.diskFullSeconds = diskFullSeconds;
        this.servers = new ChaosStoresServers(work);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            throw new IllegalArgumentException("usage: ChaosStoresBench <samples> <results-dir> <seed> <store-stop-s> <partition-s> <disk-full-s>");
        }
        Path results = Path.of(args[1]);
        Path work = Files.createTempDirectory("ibench-chaos-stores-");
        ChaosStoresBench bench = new ChaosStoresBench(work, Integer.parseInt(args[0]), Long.parseLong(args[2]),
                Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
        Map<String, Object> report;
        try {
            report = bench.run();
        } finally {
            bench.tearDown();
        }
        Files.createDirectories(results);
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve("chaos-stores.json").toFile(), report);
        System.out.println(Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        System.out.println("work folder (logs, stores): " + work);
        System.exit(Boolean.TRUE.equals(report.get("all_checks_pass")) ? 0 : 1);
    }

    private Map<String, Object> run() throws Exception {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("uptime_before", uptime());
        report.put("seed", seed);
        report.put("samples", samples);
        report.put("models", 1);
        report.put("samples_in_flight", WINDOW);
        report.put("store_stop_seconds", storeStopSeconds);
        report.put("partition_seconds", partitionSeconds);
        report.put("disk_full_seconds", diskFullSeconds);
        SyntheticEvalSet.writeExecutable(work.resolve("synthetic_slot.json"), samples, CampaignServices.of(home).dataRoot());

        long setup = System.nanoTime();
        servers.start();
        report.put("setup_seconds", seconds(setup));
        String address = servers.temporalAddress();

        // the undisturbed run: SQLite store, fast endpoint, one worker, no fault
        Map<String, String> calm;
        long calmStarted = System.nanoTime();
        String calmStore = work.resolve("calm.db").toString();
        try (ChaosEndpoint endpoint = new ChaosEndpoint("model-a", 5, 20, false, seed)) {
            Path yaml = campaignFile("calm", endpoint);
            ChildJvm worker = worker(calmStore, Map.of(), address, yaml, "calm-worker");
            ibench(calmStore, Map.of(), address, "start-calm", "campaign", "start", yaml.toString(), "--id", "calm");
            String state = awaitEnd(calmStore, Map.of(), address, "calm");
            worker.stop();
            calm = scores(calmStore, null, "calm");
            report.put("undisturbed", Map.of("state", state, "seconds", seconds(calmStarted), "items", calm.size(),
                    "requests", endpoint.answered()));
        }

        Map<String, Object> phase1 = postgresAndNetworkPhase(address, calm);
        report.put("postgres_temporal_partition", phase1);
        Map<String, Object> phase2 = diskFullPhase(address, calm);
        report.put("sqlite_disk_full", phase2);
        report.put("all_checks_pass", Boolean.TRUE.equals(phase1.get("phase_pass")) && Boolean.TRUE.equals(phase2.get("phase_pass"))
                && calm.size() == samples);
        report.put("uptime_after", uptime());
        report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, java " + System.getProperty("java.version"));
        return report;
    }

    /** Phase 1: the PostgreSQL results store stopped and SIGKILLed, temporal-server SIGKILLed, Temporal's PostgreSQL restarted, a worker partitioned. */
    private Map<String, Object> postgresAndNetworkPhase(String address, Map<String, String> calm) throws Exception {
        List<String> schedule = List.of("store-stop", "temporal-kill", "partition", "store-kill", "temporal-postgres-restart",
                "store-stop", "temporal-kill", "partition", "store-kill", "temporal-postgres-restart");
        long gapMillis = 15_000;
        long faultMillis = 2L * storeStopSeconds * 1000 + 2L * partitionSeconds * 1000 + 6 * 10_000 + schedule.size() * gapMillis;
        // undisturbed, the campaign would take about as long as the fault schedule (the faults only slow it further)
        int meanLatencyMs = Math.max(300, (int) (faultMillis * WINDOW / samples));
        String store = servers.store();
        Map<String, String> direct = Map.of("IBENCH_STORE_PASSWORD", servers.storePassword());
        int storePort = servers.storePort();
        int temporalPort = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
        Map<String, Object> phase = new LinkedHashMap<>();
        List<Map<String, Object>> faults = new ArrayList<>();
        try (ChaosEndpoint endpoint = new ChaosEndpoint("model-a", meanLatencyMs / 2, meanLatencyMs * 3 / 2, false, seed + 2);
             CuttableTcpProxy temporalLink = CuttableTcpProxy.to(temporalPort);
             CuttableTcpProxy storeLink = CuttableTcpProxy.to(storePort)) {
            Path yaml = campaignFile("pg", endpoint);
            String storeBehindProxy = store.replace("127.0.0.1:" + storePort + "/", "127.0.0.1:" + storeLink.port() + "/");
            ChildJvm partitioned = worker(storeBehindProxy, direct, temporalLink.address(), yaml, "pg-worker-1-behind-proxies");
            ChildJvm outside = worker(store, direct, address, yaml, "pg-worker-2");
            long started = System.nanoTime();
            ibench(store, direct, address, "start-pg", "campaign", "start", yaml.toString(), "--id", "pg");
            boolean endedEarly = false;
            for (String fault : schedule) {
                Thread.sleep(gapMillis);
                if (!"RUNNING".equals(workflowState(store, direct, address, "pg"))) {
                    endedEarly = true;
                    break;
                }
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("fault", fault);
                f.put("at_seconds", seconds(started));
                long down = System.nanoTime();
                injectFault(fault, f, address, temporalLink, storeLink);
                f.put("back_after_seconds", seconds(down));
                faults.add(f);
                System.out.println("chaos-stores phase 1: " + f);
            }
            phase.putAll(finish(store, direct, address, "pg", started, endedEarly, schedule.size(), faults, endpoint, meanLatencyMs,
                    calm, List.of(partitioned, outside)));
        }
        return phase;
    }

    /** One fault of phase 1, what it did added to {@code f}; the fault is over when this returns. */
    private void injectFault(String fault, Map<String, Object> f, String address, CuttableTcpProxy temporalLink,
                             CuttableTcpProxy storeLink) throws Exception {
        switch (fault) {
            case "store-stop" -> {
                servers.stopStore();
                Thread.sleep(storeStopSeconds * 1000L);
                servers.startStoreAgain();
            }
            case "store-kill" -> {
                f.put("pid", servers.killStore());
                servers.startStoreAgain();
            }
            case "temporal-kill" -> {
                f.put("pid", servers.killTemporalServer());
                servers.startTemporalServer(address);
            }
            case "temporal-postgres-restart" -> servers.restartTemporalPostgres();
            case "partition" -> {
                temporalLink.cut();
                storeLink.cut();
                Thread.sleep(partitionSeconds * 1000L);
                temporalLink.heal();
                storeLink.heal();
                f.put("blackholed_connections_so_far", temporalLink.blackholedConnections() + storeLink.blackholedConnections());
            }
            default -> throw new IllegalStateException(fault);
        }
    }

    /** Phase 2: a SQLite results store in a small tmpfs whose disk is filled, then freed. */
    private Map<String, Object> diskFullPhase(String address, Map<String, String> calm) throws Exception {
        int faultCount = 2;
        long gapMillis = 15_000;
        tmpfs = Files.createDirectories(work.resolve("tmpfs"));
        ChaosStoresServers.sh(work.resolve("tmpfs.log"), "mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", tmpfs.toString());
        String store = tmpfs.resolve("results.db").toString();
        long faultMillis = faultCount * (diskFullSeconds * 1000L + 10_000 + gapMillis);
        int meanLatencyMs = Math.max(300, (int) (faultMillis * WINDOW / samples));
        Map<String, Object> phase = new LinkedHashMap<>();
        List<Map<String, Object>> faults = new ArrayList<>();
        try (ChaosEndpoint endpoint = new ChaosEndpoint("model-a", meanLatencyMs / 2, meanLatencyMs * 3 / 2, false, seed + 3)) {
            Path yaml = campaignFile("disk", endpoint);
            ChildJvm w1 = worker(store, Map.of(), address, yaml, "disk-worker-1");
            ChildJvm w2 = worker(store, Map.of(), address, yaml, "disk-worker-2");
            long started = System.nanoTime();
            ibench(store, Map.of(), address, "start-disk", "campaign", "start", yaml.toString(), "--id", "disk");
            boolean endedEarly = false;
            for (int i = 0; i < faultCount; i++) {
                Thread.sleep(gapMillis);
                if (!"RUNNING".equals(workflowState(store, Map.of(), address, "disk"))) {
                    endedEarly = true;
                    break;
                }
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("fault", "sqlite-disk-full");
                f.put("at_seconds", seconds(started));
                long down = System.nanoTime();
                Path filler = tmpfs.resolve("filler");
                f.put("filler_bytes", fill(filler));
                f.put("free_bytes_while_full", Files.getFileStore(tmpfs).getUsableSpace());
                Thread.sleep(diskFullSeconds * 1000L);
                Files.delete(filler);
                f.put("back_after_seconds", seconds(down));
                faults.add(f);
                System.out.println("chaos-stores phase 2: " + f);
            }
            phase.putAll(finish(store, Map.of(), address, "disk", started, endedEarly, faultCount, faults, endpoint, meanLatencyMs,
                    calm, List.of(w1, w2)));
            try (ResultsDatabase db = ResultsDatabase.open(Path.of(store));
                 var c = db.connection(); var s = c.createStatement(); var rs = s.executeQuery("PRAGMA integrity_check")) {
                rs.next();
                phase.put("sqlite_integrity_check", rs.getString(1));
                if (!"ok".equals(rs.getString(1))) {
                    phase.put("phase_pass", false);
                }
            }
        }
        return phase;
    }

    /** Writes {@code filler} until the disk is full; returns its size. */
    private static long fill(Path filler) throws IOException {
        byte[] block = new byte[1 << 20];
        long written = 0;
        try (RandomAccessFile f = new RandomAccessFile(filler.toFile(), "rw")) {
            while (true) {
                try {
                    f.write(block);
                    written += block.length;
                } catch (IOException full) {
                    break;
                }
            }
            for (int size = 1 << 19; size >= 512; size /= 2) { // the last scraps, so nothing is left for the store
                try {
                    f.write(block, 0, size);
                    written += size;
                } catch (IOException full) {
                    // smaller next
                }
            }
        }
        return written;
    }

    /** Waits for the campaign's end, runs retry-errors, stops the workers, and computes the checks. */
    private Map<String, Object> finish(String store, Map<String, String> env, String address, String id, long started, boolean endedEarly,
                                       int faultsPlanned, List<Map<String, Object>> faults, ChaosEndpoint endpoint, int meanLatencyMs,
                                       Map<String, String> calm, List<ChildJvm> workers) throws Exception {
        Map<String, Object> phase = new LinkedHashMap<>();
        String state = awaitEnd(store, env, address, id);
        phase.put("state", state);
        phase.put("seconds_until_end", seconds(started));
        phase.put("ended_before_all_faults", endedEarly);
        String password = env.get("IBENCH_STORE_PASSWORD");
        Map<String, String> before = scores(store, password, id);
        phase.put("infra_errors_before_retry", before.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count());
        ibench(store, env, address, "retry-errors-" + id, "campaign", "retry-errors", id, "--wait");
        phase.put("state_after_retry_errors", awaitEnd(store, env, address, id));
        for (ChildJvm w : workers) {
            w.stop();
        }
        phase.put("endpoint", endpoint.counts());
        phase.put("mean_latency_ms", meanLatencyMs);
        int paid = endpoint.answered();
        int worked = paid + endpoint.aborted();
        phase.put("paid_requests", paid);
        phase.put("worked_on_requests", worked);
        phase.put("faults", faults);
        Map<String, String> after = scores(store, password, id);
        long infraAfter = after.values().stream().filter(s -> s.startsWith(SampleResultRecord.INFRA_ERROR)).count();
        long finished = after.values().stream().filter(s -> s.startsWith(SampleResultRecord.SCORED)).count();
        List<String> differing = ChaosBench.differing(calm, after);
        double perItem = finished == 0 ? Double.NaN : (double) paid / finished;
        double workedPerItem = finished == 0 ? Double.NaN : (double) worked / finished;
        double bound = 1.0 + (double) WINDOW * faults.size() / samples;
        Map<String, Object> checks = new LinkedHashMap<>();
        checks.put("faults_done", faults.size());
        Map<String, Integer> perKind = new TreeMap<>();
        faults.forEach(f -> perKind.merge(String.valueOf(f.get("fault")), 1, Integer::sum));
        checks.put("faults_per_kind", perKind);
        checks.put("faults_done_during_campaign", faults.size() >= faultsPlanned && !endedEarly);
        checks.put("items", samples);
        checks.put("items_scored", finished);
        checks.put("items_differing_from_undisturbed", differing.size());
        checks.put("differences_first_10", differing.subList(0, Math.min(10, differing.size())));
        checks.put("scores_identical", differing.isEmpty() && calm.size() == samples);
        checks.put("infra_errors_after_retry_errors", infraAfter);
        checks.put("no_infra_error_left", infraAfter == 0);
        checks.put("paid_requests_per_finished_item", round(perItem));
        checks.put("worked_on_requests_per_finished_item", round(workedPerItem));
        checks.put("bound_1_plus_window_x_faults_over_items", round(bound));
        checks.put("requests_within_bound", perItem <= bound && workedPerItem <= bound);
        phase.put("checks", checks);
        phase.put("phase_pass", Boolean.TRUE.equals(checks.get("faults_done_during_campaign")) && Boolean.TRUE.equals(checks.get("scores_identical"))
                && Boolean.TRUE.equals(checks.get("no_infra_error_left")) && Boolean.TRUE.equals(checks.get("requests_within_bound")));
        return phase;
    }

    private Path campaignFile(String name, ChaosEndpoint endpoint) throws IOException {
        Path yaml = work.resolve(name + ".yaml");
        Files.writeString(yaml, """
                name: %s
                models:
                  - {name: model-a, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: %d
                """.formatted(name, endpoint.baseUrl(), WINDOW, WINDOW));
        return yaml;
    }

    private ChildJvm worker(String store, Map<String, String> env, String address, Path yaml, String name) throws Exception {
        return ChildJvm.start(home, store, env, work.resolve(name + ".log"), "ibench worker ready",
                "worker", "--roles", ROLES, "--address", address, "--models-from", yaml.toString());
    }

    /** Per item ({@code model/benchmark/mode/sample/trial}) its status and score JSON. */
    private Map<String, String> scores(String store, String password, String campaignId) throws InterruptedException {
        return cli(store, password == null ? Map.of() : Map.of(ResultsDatabase.PASSWORD_VARIABLE, password), "").scores(campaignId);
    }

    private String ibench(String store, Map<String, String> env, String address, String logName, String... args) throws Exception {
        return cli(store, env, address).ibench(logName, args);
    }

    private String workflowState(String store, Map<String, String> env, String address, String campaignId) throws Exception {
        return cli(store, env, address).workflowState(campaignId);
    }

    private String awaitEnd(String store, Map<String, String> env, String address, String campaignId) throws Exception {
        return cli(store, env, address).awaitEnd(campaignId);
    }

    private CampaignCli cli(String store, Map<String, String> env, String address) {
        return new CampaignCli(home, work, store, env, address, CAMPAIGN_TIMEOUT, Duration.ofSeconds(10));
    }

    private void tearDown() {
        if (tmpfs != null) {
            try {
                ChaosStoresServers.sh(work.resolve("tmpfs.log"), "umount", tmpfs.toString());
            } catch (Exception e) {
                System.err.println("umount " + tmpfs + " failed: " + e.getMessage());
            }
        }
        servers.stop();
    }


    private static String uptime() {
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
