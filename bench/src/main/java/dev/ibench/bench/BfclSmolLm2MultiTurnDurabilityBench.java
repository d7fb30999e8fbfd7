package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.InvolvedClassesSelection;
import dev.ibench.core.json.Json;
import dev.ibench.testing.FreePorts;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.StoreSetting;
import dev.ibench.workers.server.CliDevServer;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Issue 32 acceptance 3 on the real SmolLM2 (never in CI; {@code bench/run-bfcl-smollm2-multiturn-durability.sh}): a
 * campaign on the {@code multi_turn_base} entries of bfcl-eval's own files whose involved classes are exactly
 * {@code TradingBot} (selected as {@code ibench import bfcl --involved-classes TradingBot} selects them, so every entry
 * shares BFCL's ~6,000-token system prompt and llama.cpp's prompt cache evaluates it once), one entry in flight, profile
 * {@code smollm2-mt}, on the real Temporal dev server with a real worker JVM ({@code ibench worker}), run twice: undisturbed,
 * then with its worker SIGKILLed while an entry is mid-conversation (steps stored, no verdict) and another worker started.
 * Compares per-entry verdicts (valid, error type, per-turn passed) and decoded calls, counts the model requests per
 * (entry, turn, step) from the workers' own log lines ({@code multi-turn step asked of the model}) to show no step stored
 * before the kill was asked again, reads the entries' histories for execute activities reporting {@code rebuilt}, and
 * judges the undisturbed verdicts with bfcl-eval's {@code multi_turn_checker}. Both runs use one worker (so the second
 * run starts with the model loaded and its prefix cached, as the first run's later entries do) and one store; their
 * campaign seeds differ (1 and 2), so the second is never served from the first's response cache (at temperature 0 the
 * seed does not change the answer). Usage: {@code <results-dir> <profile> <entries> <steps-per-turn> <deadline-epoch-s>}.
 */
public final class BfclSmolLm2MultiTurnDurabilityBench {
    private static final String ROLES = "workflows,llm,tools,scoring";
    private static final String CLASSES = "TradingBot";

    private final IbenchHome home = IbenchHome.resolve();
    private final Path work;
    private final String profile;
    private final int stepsPerTurn;
    private final long deadlineEpochSeconds;
    private final List<String> loadSamples = new ArrayList<>();
    private CliDevServer server;
    private long lastLoadSample;

    private BfclSmolLm2MultiTurnDurabilityBench(Path work, String profile, int stepsPerTurn, long deadlineEpochSeconds) {
        this.work = work;
        this.profile = profile;
        this.stepsPerTurn = stepsPerTurn;
        this.deadlineEpochSeconds = deadlineEpochSeconds;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            throw new IllegalArgumentException("usage: BfclSmolLm2MultiTurnDurabilityBench <results-dir> <profile> <entries> <steps-per-turn> <deadline-epoch-s>");
        }
        Path results = Path.of(args[0]);
        Path work = Files.createTempDirectory("ibench-mt-durability-");
        BfclSmolLm2MultiTurnDurabilityBench bench = new BfclSmolLm2MultiTurnDurabilityBench(work, args[1], Integer.parseInt(args[3]),
                Long.parseLong(args[4]));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            CliDevServer s = bench.server;
            if (s != null && s.process().isAlive()) {
                s.process().destroyForcibly();
            }
        }));
        Map<String, Object> report = new LinkedHashMap<>();
        try {
            bench.run(Integer.parseInt(args[2]), report);
        } catch (Exception e) {
            report.put("failed", e.toString());
            e.printStackTrace();
        } finally {
            if (bench.server != null) {
                bench.server.close();
            }
        }
        report.put("work_folder", work.toString());
        Files.createDirectories(results);
        String name = "bfcl-smollm2-multiturn-durability" + ("smollm2-mt".equals(args[1]) ? "" : "-" + Path.of(args[1]).getFileName());
        Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve(name + ".json").toFile(), report);
        System.out.println(Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        System.out.println("work folder (logs, store, Temporal database): " + work);
        System.exit(Boolean.TRUE.equals(report.get("all_checks_pass")) ? 0 : 1);
    }

    /** The entries chosen, their importer result (function docs) and bfcl-eval's package they come from. */
    record Selection(BfclEvalPackage bfclEval, BfclMultiTurnImporter.Result imported, List<BfclMultiTurnEntry> entries) {}

    private void run(int limit, Map<String, Object> report) throws Exception {
        report.put("started", Instant.now().toString());
        report.put("uptime_before", uptime());
        report.put("profile", profile);
        report.put("selection", "multi_turn_base entries whose involved_classes are exactly [" + CLASSES + "], first " + limit);
        report.put("samples_in_flight", 1);
        report.put("steps_per_turn", stepsPerTurn);
        OfficialBfclChecker official = OfficialBfclChecker.install();
        Selection selection = select(official, limit, report);
        List<BfclMultiTurnEntry> entries = selection.entries();
        Path evalSet = writeEvalSet(work, selection, entries, "bfcl-multi-turn-base-tradingbot.json");

        Path store = work.resolve("results.db");
        System.setProperty(StoreSetting.PROPERTY, store.toString());
        Path temporalCli = TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing: run deploy/local/install-tools.sh"));
        DevServerSettings settings = new DevServerSettings("127.0.0.1", FreePorts.next(), FreePorts.next(), FreePorts.next(), 0,
                work.resolve("temporal.db"));
        server = DevServerLauncher.startCli(temporalCli, settings, work.resolve("temporal.log"));
        Path calmFile = campaign("calm", evalSet, 1);
        Path crashFile = campaign("crash", evalSet, 2);
        Map<String, String> env = Map.of(BfclEvalPackage.ENV, official.root().toString());
        String[] workerArgs = {"worker", "--roles", ROLES, "--address", settings.address(), "--models-from", calmFile.toString(),
                "--models-from", crashFile.toString()};
        Path log1 = work.resolve("worker-1.log");
        Path log2 = work.resolve("worker-2.log");
        ChildJvm worker = ChildJvm.start(home, store.toString(), env, log1, "ibench worker ready", workerArgs);
        try (TemporalConnection connection = TemporalConnection.open(settings.address(), TemporalConnection.DEFAULT_NAMESPACE)) {
            CampaignServices services = CampaignServices.of(home);
            ResultsStore results = services.store();

            long calmStarted = System.nanoTime();
            String calm = new CampaignStarter(services, connection.client()).start(calmFile, "calm");
            CampaignStatus calmStatus = await(connection, calm);
            String calmCell = calm + "/smollm2/mt-tradingbot/react";
            Map<String, Object> calmRun = new LinkedHashMap<>();
            calmRun.put("state", String.valueOf(calmStatus.state()));
            calmRun.put("seconds", seconds(calmStarted));
            report.put("undisturbed", calmRun);
            Map<String, MultiTurnScore> calmScores = scores(results, calmCell, calmRun);
            calmRun.put("steps", steps(results, calmCell, entries));

            int fit = entriesThatFit(results, calmCell, entries, (Long) calmRun.get("seconds"));
            List<BfclMultiTurnEntry> ran = List.copyOf(entries);
            if (fit < entries.size()) {
                entries = entries.subList(0, fit);
                report.put("crashed_run_entries", fit + " of " + ran.size() + " (the first ones; what fit before the deadline)");
                crashFile = campaign("crash", writeEvalSet(work, selection, entries, "bfcl-multi-turn-base-tradingbot-" + fit + ".json"), 2);
            }
            long crashStarted = System.nanoTime();
            String crash = new CampaignStarter(services, connection.client()).start(crashFile, "crash");
            String crashCell = crash + "/smollm2/mt-tradingbot/react";
            Map<String, Object> crashRun = new LinkedHashMap<>();
            report.put("crashed", crashRun);
            String killReason = awaitKillMoment(results, crashCell, entries);
            worker.kill();
            long killedAtSeconds = seconds(crashStarted);
            MultiTurnDurabilityChecks.AtKill atKill = atKill(results, crashCell, entries);
            crashRun.put("kill", Map.of("after_seconds", killedAtSeconds, "reason", killReason, "steps_stored", atKill.storedSteps().size(),
                    "verdicts_stored", atKill.verdicts().size(), "uptime", uptime()));
            long restartStarted = System.nanoTime();
            worker = ChildJvm.start(home, store.toString(), env, log2, "ibench worker ready", workerArgs);
            CampaignStatus crashStatus = await(connection, crash);
            crashRun.put("state", String.valueOf(crashStatus.state()));
            crashRun.put("seconds", seconds(crashStarted));
            crashRun.put("seconds_after_restart", seconds(restartStarted));
            Map<String, MultiTurnScore> crashScores = scores(results, crashCell, crashRun);
            crashRun.put("steps", steps(results, crashCell, entries));
            report.put("uptime_after", uptime());
            report.put("load_samples", loadSamples);

            Map<String, Object> checks = new LinkedHashMap<>();
            report.put("checks", checks);
            MultiTurnDurabilityChecks check = new MultiTurnDurabilityChecks(checks, results,
                    new MultiTurnDurabilityChecks.Runs(calmCell, crashCell, entries, ran, calmScores, crashScores), atKill,
                    (cell, some) -> storedSteps(results, cell, some));
            boolean pass = check.verdictsEqual();
            pass &= check.executionsEqual();
            pass &= check.modelRequests(log1, log2);
            pass &= check.rebuiltByReplay(connection.client());
            pass &= check.bfclEvalAgrees(official);
            report.put("all_checks_pass", pass);
        } finally {
            worker.stop();
        }
    }

    /** The first {@code limit} multi_turn_base entries of bfcl-eval's own files whose involved classes are exactly {@link #CLASSES}. */
    static Selection select(OfficialBfclChecker official, int limit, Map<String, Object> report) throws Exception {
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests("multi_turn_base"),
                bfclEval.answers("multi_turn_base"), bfclEval.functionDocs(), "multi_turn_base");
        List<BfclMultiTurnEntry> selected = InvolvedClassesSelection.parse(CLASSES).select(imported.entries());
        report.put("entries_with_these_classes", selected.size());
        List<BfclMultiTurnEntry> entries = selected.subList(0, Math.min(limit, selected.size()));
        report.put("entries", entries.stream().map(BfclMultiTurnEntry::id).toList());
        report.put("turns", entries.stream().mapToInt(e -> e.turns().size()).sum());
        return new Selection(bfclEval, imported, entries);
    }

    static Path writeEvalSet(Path work, Selection selection, List<BfclMultiTurnEntry> entries, String fileName) throws IOException {
        Path evalSet = work.resolve(fileName);
        Files.writeString(evalSet, new BfclMultiTurnEvalSet("multi_turn_base",
                selection.bfclEval().tests("multi_turn_base").getFileName().toString(), selection.imported().functionDocs(), entries)
                .toJson().toString());
        return evalSet;
    }

    /**
     * How many of the entries the crashed run can take before the deadline (both runs compared on those): estimated from
     * the undisturbed run's model time per entry, plus one cold first step after the restart and a margin.
     */
    private int entriesThatFit(ResultsStore results, String calmCell, List<BfclMultiTurnEntry> entries, long calmSeconds) {
        List<Long> modelMs = new ArrayList<>();
        for (BfclMultiTurnEntry e : entries) {
            modelMs.add(modelMillis(results, calmCell, e));
        }
        long totalModelMs = Math.max(1, modelMs.stream().mapToLong(Long::longValue).sum());
        long coldSeconds = modelMs.isEmpty() ? 0 : firstStepMillis(results, calmCell, entries.get(0)) / 1000;
        long secondsLeft = deadlineEpochSeconds - Instant.now().getEpochSecond() - 180;
        int fit = 0;
        long cumulative = 0;
        for (int i = 0; i < entries.size(); i++) {
            cumulative += modelMs.get(i);
            if (calmSeconds * cumulative / totalModelMs + coldSeconds + 60 <= secondsLeft) {
                fit = i + 1;
            }
        }
        if (fit < 2) {
            throw new IllegalStateException("no time left for the crashed run (" + secondsLeft + " s to the deadline)");
        }
        return fit;
    }

    /**
     * Waits until an entry is mid-conversation (a step of it stored, no verdict, a turn still to come): preferably one that
     * executed calls (so the new worker must rebuild its backends), else any after half the entries; returns why it is the moment.
     */
    private String awaitKillMoment(ResultsStore results, String crashCell, List<BfclMultiTurnEntry> entries) throws InterruptedException {
        String killReason = null;
        while (killReason == null) {
            if (Instant.now().getEpochSecond() > deadlineEpochSeconds) {
                throw new IllegalStateException("deadline reached before the kill");
            }
            Set<String> verdicts = new TreeSet<>(results.sampleResults(crashCell).stream().map(SampleResultRecord::sampleId).toList());
            if (verdicts.size() == entries.size()) {
                throw new IllegalStateException("the crash run ended before a kill moment came");
            }
            for (BfclMultiTurnEntry e : entries) {
                if (verdicts.contains(e.id())) {
                    continue;
                }
                Set<String> stored = storedSteps(results, crashCell, List.of(e));
                boolean turnToCome = stored.stream().noneMatch(k -> k.startsWith(e.id() + "/" + (e.turns().size() - 1) + "/"));
                if (stored.isEmpty() || !turnToCome) {
                    continue;
                }
                if (!results.toolExecutions(crashCell, e.id(), 0).isEmpty()) {
                    killReason = e.id() + ": " + stored.size() + " steps stored, calls executed, a turn to come";
                } else if (verdicts.size() >= entries.size() / 2) {
                    killReason = e.id() + ": " + stored.size() + " steps stored (no call executed by then), a turn to come";
                }
            }
            sampleLoad();
            Thread.sleep(500);
        }
        return killReason;
    }

    /** A snapshot after the kill: exactly what the dead worker had stored. */
    private MultiTurnDurabilityChecks.AtKill atKill(ResultsStore results, String crashCell, List<BfclMultiTurnEntry> entries) {
        Set<String> storedBeforeKill = storedSteps(results, crashCell, entries);
        Set<String> verdictsBeforeKill = new TreeSet<>(results.sampleResults(crashCell).stream().map(SampleResultRecord::sampleId).toList());
        Map<String, Integer> executedAtKill = new TreeMap<>();
        entries.forEach(e -> executedAtKill.put(e.id(), results.toolExecutions(crashCell, e.id(), 0).size()));
        return new MultiTurnDurabilityChecks.AtKill(storedBeforeKill, verdictsBeforeKill, executedAtKill);
    }

    private Path campaign(String name, Path evalSet, long seed) throws IOException {
        Path file = work.resolve(name + ".yaml");
        Files.writeString(file, """
                name: %s
                models:
                  - {name: smollm2, profile: %s}
                benchmarks:
                  - {name: mt-tradingbot, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: %d}
                samples_in_flight: 1
                decoding: {seed: %d}
                """.formatted(name, profile, evalSet, stepsPerTurn, seed));
        return file;
    }

    private CampaignStatus await(TemporalConnection connection, String campaignId) throws Exception {
        WorkflowStub stub = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)));
        while (true) {
            long left = deadlineEpochSeconds - Instant.now().getEpochSecond();
            if (left <= 0) {
                throw new IllegalStateException("deadline reached while campaign " + campaignId + " ran");
            }
            sampleLoad();
            try {
                return stub.getResult(Math.min(left, 30), TimeUnit.SECONDS, CampaignStatus.class);
            } catch (java.util.concurrent.TimeoutException e) {
                // poll again
            }
        }
    }

    /** The load average, at most once a minute. */
    private void sampleLoad() {
        long now = System.nanoTime();
        if (lastLoadSample == 0 || now - lastLoadSample > TimeUnit.MINUTES.toNanos(1)) {
            lastLoadSample = now;
            loadSamples.add(Instant.now().toString().substring(11, 19) + " " + uptime());
        }
    }

    private static Map<String, MultiTurnScore> scores(ResultsStore store, String cell, Map<String, Object> run) throws Exception {
        Map<String, MultiTurnScore> out = new LinkedHashMap<>();
        Map<String, Object> perEntry = new LinkedHashMap<>();
        for (SampleResultRecord r : store.sampleResults(cell)) {
            if (SampleResultRecord.SCORED.equals(r.status())) {
                MultiTurnScore s = Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
                out.put(r.sampleId(), s);
                perEntry.put(r.sampleId(), MultiTurnDurabilityChecks.verdict(s) + " turns_run " + s.turnsRun() + " steps " + s.steps());
            } else {
                perEntry.put(r.sampleId(), r.status() + ": " + r.error());
            }
        }
        run.put("verdicts", perEntry);
        run.put("valid", out.values().stream().filter(MultiTurnScore::valid).count());
        run.put("turns_checked", out.values().stream().mapToLong(MultiTurnScore::turnsChecked).sum());
        run.put("turns_passed", out.values().stream().mapToLong(MultiTurnScore::turnsPassed).sum());
        return out;
    }

    /** Per entry, each stored step as {@code turn/step: prompt tokens, latency ms, calls?}. */
    private Map<String, List<String>> steps(ResultsStore store, String cell, List<BfclMultiTurnEntry> entries) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (BfclMultiTurnEntry e : entries) {
            List<String> steps = new ArrayList<>();
            for (String k : storedSteps(store, cell, List.of(e))) {
                String[] parts = k.split("/");
                ModelCallRecord r = store.modelCall(cell, e.id(), 0, Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2])).orElseThrow();
                steps.add(parts[1] + "/" + parts[2] + ": " + r.promptTokens() + " tok, " + r.latencyMs() + " ms"
                        + (r.cacheHit() ? " (cache hit)" : ""));
            }
            out.put(e.id(), steps);
        }
        return out;
    }

    /** The (entry, turn, step) keys whose model output the store holds (store step {@code turn * 100 + step}). */
    private Set<String> storedSteps(ResultsStore store, String cell, List<BfclMultiTurnEntry> entries) {
        Set<String> stored = new TreeSet<>();
        for (BfclMultiTurnEntry e : entries) {
            for (int turn = 0; turn < e.turns().size(); turn++) {
                for (int step = 1; step <= stepsPerTurn + 1; step++) {
                    if (store.modelCall(cell, e.id(), 0, turn * 100 + step).isPresent()) {
                        stored.add(e.id() + "/" + turn + "/" + step);
                    } else {
                        break;
                    }
                }
            }
        }
        return stored;
    }

    /** The model's time on {@code e}'s stored steps. */
    private long modelMillis(ResultsStore store, String cell, BfclMultiTurnEntry e) {
        long ms = 0;
        for (String k : storedSteps(store, cell, List.of(e))) {
            String[] parts = k.split("/");
            Long l = store.modelCall(cell, e.id(), 0, Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2])).orElseThrow().latencyMs();
            ms += l == null ? 0 : l;
        }
        return ms;
    }

    private static long firstStepMillis(ResultsStore store, String cell, BfclMultiTurnEntry e) {
        return store.modelCall(cell, e.id(), 0, 1).map(r -> r.latencyMs() == null ? 0L : r.latencyMs()).orElse(0L);
    }

    private static long seconds(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos).toSeconds();
    }

    static String uptime() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
