package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeCodegenEndpoint.Exchange;
import dev.ibench.workers.testing.FakeCodegenEndpoint.Kind;
import dev.ibench.workers.testing.FakeCodegenEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workers.testing.WorkflowProbe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 8, acceptance 4: {@code ibench build --style rest} with a code-gen model (a fake OpenAI endpoint, test
 * double) served by an external worker on the REAL dev server. Run A is uninterrupted; run B (fresh response cache,
 * fresh output folder) has its worker SIGKILLed mid-generation and a new one started. B must finish with the same
 * published files as A, without asking the model again for any code-gen prompt it had already answered.
 */
class RestGenerationDurabilityIT {
    private static final String PROFILE = "fake-codegen";
    private static final int LIMIT = 16;
    private static final int CODEGEN_ANSWERS_BEFORE_KILL = 6;
    /** A response written this long before the kill has surely reached the worker's response cache. */
    private static final Duration SETTLED = Duration.ofSeconds(1);
    private static final List<String> PUBLISHED = List.of(
            "bird-superhero-rest.json", "bird-superhero-rest-endpoints.json", "bird-superhero-openapi.json",
            "bird-superhero-rest-tools.json", "bird-superhero-rest-report.json");

    @TempDir Path dir;
    private DevServerProcess server;
    private FakeCodegenEndpoint model;
    private Path home;
    private final List<AutoCloseable> processes = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        model = FakeCodegenEndpoint.start(Duration.ofMillis(400));
        home = dir.resolve("home");
        Files.createDirectories(home.resolve("profiles"));
        Files.createSymbolicLink(home.resolve(".tools"), IbenchHome.resolve().root().resolve(".tools"));
        Files.writeString(home.resolve("profiles").resolve(PROFILE + ".yaml"), """
                # TEST DOUBLE profile: the fake code-gen endpoint of RestGenerationDurabilityIT
                name: %s
                provider: openai
                base_url: %s
                model: fake-codegen
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 512
                max_concurrency: 4
                timeout_seconds: 30
                """.formatted(PROFILE, model.baseUrl()));
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable p : processes) p.close();
        model.close();
        server.close();
    }

    private Map<String, String> environment(Path resultsDb) {
        return Map.of("IBENCH_HOME", home.toString(), "IBENCH_RESULTS_DB", resultsDb.toString(),
                "TEMPORAL_ADDRESS", server.address(), "IBENCH_REST_MODELS", PROFILE);
    }

    private WorkerProcess worker(Path resultsDb, String log) {
        WorkerProcess w = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring", dir.resolve(log), environment(resultsDb),
                "--rest-models", PROFILE);
        processes.add(w);
        return w;
    }

    private CliProcess build(Path out, Path resultsDb, String log) {
        CliProcess cli = CliProcess.start(List.of("build", "--source", "bird", "--root", SuperheroEvalSets.dataRoot().resolve("bird").toString(),
                "--db", "superhero", "--style", "rest", "--codegen-model", PROFILE, "--limit", String.valueOf(LIMIT), "--out", out.toString(),
                "--no-worker", "--timeout-minutes", "4"), "No in-process worker", dir.resolve(log), environment(resultsDb));
        processes.add(cli);
        return cli;
    }

    @Test
    void aWorkerKilledMidGenerationNeitherRepeatsCodegenCallsNorChangesTheOutput() throws Exception {
        long started = System.nanoTime();

        // Run A: the reference, uninterrupted.
        Path outA = dir.resolve("outA");
        Path resultsA = dir.resolve("results-a.db");
        WorkerProcess workerA = worker(resultsA, "worker-a.log");
        CliProcess cliA = build(outA, resultsA, "build-a.log");
        assertThat(cliA.waitForExit(Duration.ofMinutes(3))).as("run A exit code; output:\n%s", cliA.output()).isZero();
        workerA.close();
        List<Exchange> runA = model.exchanges();
        long timeA = System.nanoTime() - started;

        // Run B: cold response cache, worker SIGKILLed once the model answered some code-gen calls and others are in flight.
        Path outB = dir.resolve("outB");
        Path resultsB = dir.resolve("results-b.db");
        WorkerProcess workerB = worker(resultsB, "worker-b1.log");
        long startedB = System.nanoTime();
        CliProcess cliB = build(outB, resultsB, "build-b.log");
        awaitMidRun(runA.size(), cliB);
        long killStart = System.nanoTime();
        workerB.kill();
        long killEnd = System.nanoTime();
        List<Exchange> beforeKill = model.exchanges().subList(runA.size(), model.exchanges().size());
        List<String> pendingAtKill = pendingActivities(cliB);
        assertThat(outB.resolve(PUBLISHED.get(0))).as("the kill landed before B published anything").doesNotExist();
        assertThat(cliB.isAlive()).as("the build waits for the workflow").isTrue();
        worker(resultsB, "worker-b2.log");
        assertThat(cliB.waitForExit(Duration.ofMinutes(3))).as("run B exit code; output:\n%s", cliB.output()).isZero();
        long timeB = System.nanoTime() - startedB;
        long afterKill = System.nanoTime() - killEnd;
        List<Exchange> all = model.exchanges();
        List<Exchange> runB = all.subList(runA.size(), all.size());

        // (a) The published files are the same bytes (after the output folder's path, if any file names it).
        List<String> naming = new ArrayList<>();
        for (String f : PUBLISHED) {
            String a = Files.readString(outA.resolve(f), StandardCharsets.UTF_8);
            String b = Files.readString(outB.resolve(f), StandardCharsets.UTF_8);
            if (a.contains(outA.toString()) || b.contains(outB.toString())) naming.add(f);
            assertThat(b.replace(outB.toString(), "<out>")).as("%s of the crashed run vs the uninterrupted one", f)
                    .isEqualTo(a.replace(outA.toString(), "<out>"));
        }

        // (b) No code-gen prompt answered before the kill is asked again after the restart; re-asks only for calls in flight.
        List<String> codegenA = prompts(runA, Kind.CODEGEN);
        assertThat(new LinkedHashSet<>(codegenA)).as("run A asks every code-gen prompt once").hasSize(codegenA.size());
        Set<String> settled = beforeKill.stream()
                .filter(e -> e.kind() == Kind.CODEGEN && e.fullySent() && e.sentAt() < killStart - SETTLED.toNanos())
                .map(Exchange::prompt).collect(Collectors.toSet());
        Set<String> inFlightAtKill = beforeKill.stream()
                .filter(e -> e.kind() == Kind.CODEGEN && (!e.fullySent() || e.sentAt() >= killStart - SETTLED.toNanos()))
                .map(Exchange::prompt).collect(Collectors.toSet());
        List<String> askedAfter = runB.stream().filter(e -> e.kind() == Kind.CODEGEN && e.receivedAt() > killEnd).map(Exchange::prompt).toList();
        List<String> reasked = askedAfter.stream().filter(p -> settled.contains(p) || inFlightAtKill.contains(p)).toList();
        assertThat(settled).as("code-gen calls completed before the kill").hasSizeGreaterThanOrEqualTo(CODEGEN_ANSWERS_BEFORE_KILL);
        assertThat(askedAfter).as("completed code-gen calls asked again after the restart").noneMatch(settled::contains);
        assertThat(reasked).as("re-asked prompts were in flight at the kill").allMatch(inFlightAtKill::contains);
        List<String> codegenB = prompts(runB, Kind.CODEGEN);
        assertThat(new LinkedHashSet<>(codegenB)).as("run B asks exactly run A's code-gen prompts")
                .containsExactlyInAnyOrderElementsOf(new LinkedHashSet<>(codegenA));
        assertThat(codegenB.size() - codegenA.size()).as("extra code-gen requests in B").isEqualTo(reasked.size());

        // (c) Both paths produced endpoints, and the coverage is the same (workflow ids name the output folder's job).
        JsonNode coverageA = coverage(outA);
        JsonNode coverageB = coverage(outB);
        assertThat(coverageB.path("rest").path("produced_by").path("llm:" + PROFILE).asInt()).as("endpoints by the code-gen model").isPositive();
        assertThat(coverageB.path("rest").path("produced_by").path("deterministic").asInt()).as("endpoints by the deterministic generator").isPositive();
        assertThat(coverageB).isEqualTo(coverageA);

        System.out.printf("RestGenerationDurabilityIT: run A %d requests (%d code-gen) in %d s; run B %d requests (%d code-gen, %d before the kill,"
                        + " %d answered > 1 s before it, %d in flight or just answered, %d re-asked) in %d s, %d s of it after the kill;"
                        + " activities pending at the kill: %s; produced_by %s;"
                        + " files naming the out dir: %s; total %d s%n",
                runA.size(), codegenA.size(), timeA / 1_000_000_000L, runB.size(), codegenB.size(), beforeKill.size(), settled.size(),
                inFlightAtKill.size(), reasked.size(), timeB / 1_000_000_000L, afterKill / 1_000_000_000L, pendingAtKill, coverageB.path("rest").path("produced_by"), naming,
                (System.nanoTime() - started) / 1_000_000_000L);
    }

    /** Waits until run B's worker has had enough code-gen calls answered (settled) and at least one is in flight. */
    private void awaitMidRun(int firstOfRun, CliProcess cli) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            List<Exchange> all = model.exchanges();
            List<Exchange> run = all.subList(firstOfRun, all.size());
            long settledBefore = System.nanoTime() - SETTLED.toNanos();
            long answered = run.stream().filter(e -> e.kind() == Kind.CODEGEN && e.fullySent() && e.sentAt() < settledBefore).count();
            long inFlight = run.stream().filter(e -> e.kind() == Kind.CODEGEN && !e.fullySent()).count();
            if (answered >= CODEGEN_ANSWERS_BEFORE_KILL && inFlight > 0) return;
            assertThat(cli.isAlive()).as("run B ended before the kill; output:\n%s", cli.output()).isTrue();
            Thread.sleep(20);
        }
        throw new AssertionError("run B did not reach " + CODEGEN_ANSWERS_BEFORE_KILL + " answered code-gen calls with one in flight");
    }

    /** The activities of run B's workflow that were running when its worker died (type and attempt). */
    private List<String> pendingActivities(CliProcess cli) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:Started|Attached to the running) (rest-\\S+)").matcher(cli.output());
        if (!m.find()) return List.of("(workflow id not printed)");
        try (TemporalConnection connection = server.connect()) {
            return WorkflowProbe.pendingActivities(connection, m.group(1)).stream()
                    .map(a -> a.getActivityType().getName() + "#" + a.getAttempt()).toList();
        }
    }

    private static List<String> prompts(List<Exchange> exchanges, Kind kind) {
        return exchanges.stream().filter(e -> e.kind() == kind).map(Exchange::prompt).toList();
    }

    /** coverage.json without {@code rest.workflows} (the workflow id carries the job's fingerprint, which includes --out). */
    private static JsonNode coverage(Path out) throws Exception {
        JsonNode json = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
        ((ObjectNode) json.path("rest")).remove("workflows");
        return json;
    }
}
