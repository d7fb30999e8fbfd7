package dev.ibench.workers.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeMultiTurnEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 acceptance 3 (durability): a multi-turn campaign on 20 {@code multi_turn_base} entries (bfcl-eval's own
 * files) whose worker is SIGKILLed while entries are mid-conversation (some of their steps stored, no verdict yet) ends
 * with the same per-entry verdicts (valid, error type, per-turn passed) as an undisturbed run; no step whose model output
 * was stored before the kill is requested from the endpoint again; the new worker rebuilt the entries' backends by
 * replaying the recorded calls (its execute activities report {@code rebuilt}) and every step's calls got the results
 * the undisturbed run's got (without the replay a {@code cd} or {@code ls} after the kill answers from a fresh file
 * system; the verdicts alone would not show it, as the checker executes the decoded calls again in a fresh interpreter). The model is a TEST DOUBLE
 * ({@link FakeMultiTurnEndpoint}: the turn's ground truth at step 1, no call at step 2, and no call at all on one turn
 * of every fourth entry so verdicts differ): SmolLM2 on llama-server takes about 2 minutes for one cold 5,500-token
 * prompt on this machine, far too slow for CI (the real model runs in {@code bench/run-bfcl-smollm2-multiturn-durability.sh},
 * by hand). The undisturbed run's verdicts also equal bfcl-eval's multi_turn_checker on the same decoded calls.
 * <p>Run twice: with a prompting profile (calls as Python text) and with a {@code mode: tools} profile (bfcl-eval's
 * function-calling handler; issue 42 Must show 3), where the endpoint answers OpenAI {@code tool_calls} and checks each
 * request for the native tools and the earlier steps' tool calls and {@code tool} messages.
 */
class MultiTurnDurabilityIT {
    private static final int ENTRIES = 20;
    private static final int IN_FLIGHT = 4;
    private static final String ROLES = "workflows,llm,tools,scoring";

    @TempDir Path dir;

    /** How the cell's model is run: bfcl-eval's prompting handler (calls as Python text) or its function-calling one. */
    private record Handler(String label, String profile, boolean functionCalling) {}

    private static final Handler PROMPTING = new Handler("prompting", "vllm-qwen2.5-7b", false);
    private static final Handler FUNCTION_CALLING = new Handler("function calling (mode: tools)", "openai-compatible", true);

    @Test
    void aWorkerKilledMidConversationEndsWithTheUndisturbedVerdictsAndNoStepAskedAgain() throws Exception {
        killMidConversation(PROMPTING);
    }

    /**
     * Issue 42 Must show 3: the same with a {@code mode: tools} profile, the endpoint answering OpenAI {@code tool_calls};
     * besides, every request carried the native tools, each earlier step as the assistant's tool calls with one {@code tool}
     * message per call, and those messages held the results stored for the calls (after the kill too).
     */
    @Test
    void aWorkerKilledMidFunctionCallingConversationEndsWithTheUndisturbedVerdictsAndNoStepAskedAgain() throws Exception {
        killMidConversation(FUNCTION_CALLING);
    }

    private void killMidConversation(Handler handler) throws Exception {
        long started = System.nanoTime();
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests("multi_turn_base"),
                bfclEval.answers("multi_turn_base"), bfclEval.functionDocs(), "multi_turn_base");
        List<BfclMultiTurnEntry> entries = imported.entries().subList(0, ENTRIES);
        Path evalSet = dir.resolve("multi_turn_base.json");
        Files.writeString(evalSet, new BfclMultiTurnEvalSet("multi_turn_base", bfclEval.tests("multi_turn_base").toString(),
                imported.functionDocs(), entries).toJson().toString());
        Map<String, Integer> silent = new HashMap<>();
        for (int i = 3; i < ENTRIES; i += 4) {
            silent.put(entries.get(i).id(), Math.min(1, entries.get(i).turns().size() - 1));
        }
        Map<String, BfclMultiTurnEntry> byId = new LinkedHashMap<>();
        entries.forEach(e -> byId.put(e.id(), e));

        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        Map<String, String> env = Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString(),
                BfclEvalPackage.ENV, official.root().toString());
        // two endpoints: the response cache is keyed by endpoint, so the second campaign cannot be served from the first's answers
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
                FakeMultiTurnEndpoint calmEndpoint = FakeMultiTurnEndpoint.start(entries, silent, Duration.ofMillis(50));
                FakeMultiTurnEndpoint crashEndpoint = FakeMultiTurnEndpoint.start(entries, silent, Duration.ofMillis(300));
                TemporalConnection connection = server.connect()) {
            Path calmFile = campaign("calm", handler, calmEndpoint, evalSet);
            Path crashFile = campaign("crash", handler, crashEndpoint, evalSet);
            String[] models = {"--models-from", calmFile.toString(), "--models-from", crashFile.toString()};
            WorkerProcess worker = WorkerProcess.start(server.address(), ROLES, dir.resolve("worker.log"), env, models);
            try {
                CampaignServices services = CampaignServices.of(IbenchHome.resolve());
                ResultsStore store = services.store();

                long calmStarted = System.nanoTime();
                String calm = new CampaignStarter(services, connection.client()).start(calmFile, "calm");
                assertThat(await(connection, calm).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                long calmSeconds = Duration.ofNanos(System.nanoTime() - calmStarted).toSeconds();
                String calmCell = calm + "/calm/mt-base/react";
                Map<String, MultiTurnScore> calmScores = scores(store, calmCell);

                long crashStarted = System.nanoTime();
                String crash = new CampaignStarter(services, connection.client()).start(crashFile, "crash");
                String crashCell = crash + "/crash/mt-base/react";
                // kill once an entry is mid-conversation: a model step of it stored, its verdict not yet
                Set<String> storedBeforeKill = Set.of();
                long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                while (System.nanoTime() < deadline) {
                    Set<String> verdicts = new TreeSet<>(store.sampleResults(crashCell).stream().map(SampleResultRecord::sampleId).toList());
                    Set<String> stored = storedSteps(store, crashCell, entries);
                    long midConversation = entries.stream().filter(e -> !verdicts.contains(e.id()))
                            .filter(e -> stored.stream().anyMatch(k -> k.startsWith(e.id() + "/"))).count();
                    // and one of them with executed calls and a turn still to come, so the new worker must rebuild its backends
                    // (a stored step 2 follows an executed step 1)
                    long toRebuild = entries.stream().filter(e -> !verdicts.contains(e.id()))
                            .filter(e -> stored.stream().anyMatch(k -> k.startsWith(e.id() + "/") && k.endsWith("/2")))
                            .filter(e -> stored.stream().noneMatch(k -> k.startsWith(e.id() + "/" + (e.turns().size() - 1) + "/"))).count();
                    if (midConversation >= 2 && toRebuild >= 1) {
                        storedBeforeKill = stored;
                        break;
                    }
                    Thread.sleep(100);
                }
                Set<String> stepsBeforeKill = storedBeforeKill;
                assertThat(stepsBeforeKill).as("entries mid-conversation before the kill").isNotEmpty();
                Set<String> verdictsBeforeKill = new TreeSet<>(store.sampleResults(crashCell).stream().map(SampleResultRecord::sampleId).toList());
                worker.kill();
                int killedAt = storedBeforeKill.size();
                Map<String, Integer> executedAtKill = new HashMap<>();
                entries.forEach(e -> executedAtKill.put(e.id(), store.toolExecutions(crashCell, e.id(), 0).size()));
                worker.close();
                worker = WorkerProcess.start(server.address(), ROLES, dir.resolve("worker-2.log"), env, models);
                CampaignStatus status = await(connection, crash);
                long crashSeconds = Duration.ofNanos(System.nanoTime() - crashStarted).toSeconds();
                assertThat(status.state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                Map<String, MultiTurnScore> crashScores = scores(store, crashCell);

                // same per-entry verdicts
                assertThat(calmScores).hasSize(ENTRIES);
                assertThat(crashScores.keySet()).isEqualTo(calmScores.keySet());
                for (String id : calmScores.keySet()) {
                    assertThat(verdict(crashScores.get(id))).as(id + " crashed vs undisturbed").isEqualTo(verdict(calmScores.get(id)));
                    assertThat(crashScores.get(id).decodedCalls()).as(id + " decoded calls").isEqualTo(calmScores.get(id).decodedCalls());
                }
                // the results each step's calls got in the live interpreter (shown to the model in the next step) are the
                // undisturbed run's: the verdict alone cannot show this, as the checker runs the decoded calls again in a fresh one
                int executions = 0;
                for (BfclMultiTurnEntry e : entries) {
                    List<String> calmRuns = executions(store, calmCell, e.id());
                    assertThat(executions(store, crashCell, e.id())).as(e.id() + " executed steps and their results, crashed vs undisturbed")
                            .isEqualTo(calmRuns);
                    executions += calmRuns.size();
                }
                assertThat(executions).isGreaterThan(ENTRIES);
                // the silent turns make verdicts differ, so equality is not trivially all-valid
                assertThat(calmScores.values()).anyMatch(MultiTurnScore::valid);
                assertThat(calmScores.values()).anyMatch(s -> !s.valid());

                // no step stored before the kill was asked again; each step asked once, but those in flight at the kill
                Map<String, Integer> crashCounts = crashEndpoint.counts();
                for (String step : storedBeforeKill) {
                    assertThat(crashCounts.get(step)).as("requests for " + step + ", stored before the kill").isEqualTo(1);
                }
                List<String> askedTwice = crashCounts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
                assertThat(askedTwice).as("steps asked more than once (in flight at the kill)").hasSizeLessThanOrEqualTo(IN_FLIGHT)
                        .allSatisfy(s -> assertThat(stepsBeforeKill).doesNotContain(s));
                assertThat(crashCounts.keySet()).as("steps asked, crashed vs undisturbed").isEqualTo(calmEndpoint.counts().keySet());
                assertThat(calmEndpoint.counts().values()).as("undisturbed: every step asked once").allMatch(c -> c == 1);
                assertThat(crashEndpoint.unknownRequests() + calmEndpoint.unknownRequests()).isZero();
                assertThat(calmEndpoint.malformedRequests()).as("undisturbed: requests without the earlier steps' tool calls and messages").isEmpty();
                assertThat(crashEndpoint.malformedRequests()).as("crashed: requests without the earlier steps' tool calls and messages").isEmpty();
                if (handler.functionCalling()) {
                    int calmCarried = toolMessagesAreTheStoredResults(calmEndpoint, store, calmCell);
                    int crashCarried = toolMessagesAreTheStoredResults(crashEndpoint, store, crashCell);
                    assertThat(crashCarried).as("steps asked with earlier tool messages, crashed vs undisturbed").isEqualTo(calmCarried)
                            .isGreaterThan(ENTRIES);
                }

                // the new worker rebuilt the backends of entries that were mid-conversation by replaying the recorded calls
                List<String> rebuilt = new ArrayList<>();
                for (int position = 0; position < ENTRIES; position++) {
                    String id = entries.get(position).id();
                    if (verdictsBeforeKill.contains(id)) {
                        continue;
                    }
                    boolean any = connection.client().fetchHistory(MultiTurnEntryWorkflow.workflowId(crashCell, position, 0)).getHistory()
                            .getEventsList().stream().filter(ev -> ev.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)
                            .map(MultiTurnDurabilityIT::result).anyMatch(r -> r.contains("\"rebuilt\":true"));
                    if (any) {
                        rebuilt.add(id);
                    }
                }
                // every entry with calls executed before the kill and more after it must have been rebuilt on the new worker
                List<String> resumedWithState = entries.stream().map(BfclMultiTurnEntry::id)
                        .filter(id -> executedAtKill.get(id) > 0 && store.toolExecutions(crashCell, id, 0).size() > executedAtKill.get(id)).toList();
                assertThat(resumedWithState).as("entries that executed calls both before and after the kill").isNotEmpty();
                assertThat(rebuilt).as("entries whose backends the new worker rebuilt by replay").containsAll(resumedWithState);
                // a stored step asked of the gateway again would be stored as a cache hit (the endpoint itself is then not asked)
                for (BfclMultiTurnEntry e : entries) {
                    for (String step : storedSteps(store, crashCell, List.of(e))) {
                        String[] parts = step.split("/");
                        int storeStep = Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2]);
                        assertThat(store.modelCall(crashCell, e.id(), 0, storeStep).orElseThrow().cacheHit()).as(step + " served again from the cache")
                                .isFalse();
                    }
                }

                // the undisturbed run's verdicts equal bfcl-eval's multi_turn_checker on the same decoded calls
                List<OfficialBfclChecker.MultiTurnCase> cases = new ArrayList<>();
                for (Map.Entry<String, MultiTurnScore> s : calmScores.entrySet()) {
                    BfclMultiTurnEntry e = byId.get(s.getKey());
                    cases.add(new OfficialBfclChecker.MultiTurnCase(e.id(), e.category(), MultiTurnCampaignIT.officialEntry(e),
                            s.getValue().decodedCalls(), e.groundTruth()));
                }
                List<OfficialBfclChecker.Verdict> theirs = official.judgeMultiTurn(cases);
                for (int i = 0; i < cases.size(); i++) {
                    MultiTurnScore s = calmScores.get(cases.get(i).key());
                    assertThat(s.valid() + " " + s.errorType()).as(cases.get(i).key() + " ibench vs bfcl-eval")
                            .isEqualTo(theirs.get(i).valid() + " " + theirs.get(i).errorType());
                }
                long valid = calmScores.values().stream().filter(MultiTurnScore::valid).count();
                System.out.printf("MultiTurnDurabilityIT, %s: %d multi_turn_base entries; undisturbed run %d s, %d valid; crashed run %d s, worker "
                        + "killed with %d steps stored and %d verdicts, %d steps asked again (in flight), backends rebuilt by replay for %s (calls executed before and after the kill: %s); "
                        + "verdicts equal for %d of %d, bfcl-eval agrees on %d of %d; total %d s%n", handler.label(), ENTRIES, calmSeconds, valid, crashSeconds,
                        killedAt, verdictsBeforeKill.size(), askedTwice.size(), rebuilt, resumedWithState, ENTRIES, ENTRIES, cases.size(), cases.size(),
                        Duration.ofNanos(System.nanoTime() - started).toSeconds());
            } finally {
                worker.close();
                System.clearProperty("ibench.results.db");
            }
        }
    }

    private Path campaign(String model, Handler handler, FakeMultiTurnEndpoint endpoint, Path evalSet) throws Exception {
        Path file = dir.resolve(model + ".yaml");
        Files.writeString(file, """
                name: %s
                models:
                  - {name: %s, profile: %s, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: mt-base, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: 2}
                samples_in_flight: %d
                """.formatted(model, model, handler.profile(), endpoint.baseUrl(), IN_FLIGHT, evalSet, IN_FLIGHT));
        return file;
    }

    private static CampaignStatus await(TemporalConnection connection, String campaignId) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(5 * 60, TimeUnit.SECONDS, CampaignStatus.class);
    }

    private static Map<String, MultiTurnScore> scores(ResultsStore store, String cell) throws Exception {
        Map<String, MultiTurnScore> out = new LinkedHashMap<>();
        for (SampleResultRecord r : store.sampleResults(cell)) {
            assertThat(r.status()).as(r.sampleId() + ": " + r.error()).isEqualTo(SampleResultRecord.SCORED);
            out.put(r.sampleId(), Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class));
        }
        return out;
    }

    private static List<String> executions(ResultsStore store, String cell, String sampleId) {
        return store.toolExecutions(cell, sampleId, 0).stream().map(r -> r.step() + " " + r.callJson() + " -> " + r.ok() + " " + r.observation())
                .toList();
    }

    /**
     * Every function-calling request's {@code tool} messages held the results the store has for the entry's steps before
     * the one asked, in order; returns how many steps were asked with at least one.
     */
    private static int toolMessagesAreTheStoredResults(FakeMultiTurnEndpoint endpoint, ResultsStore store, String cell) {
        Map<String, List<String>> seen = endpoint.toolResultsSeen();
        assertThat(seen.keySet()).as("steps asked with native tools").isEqualTo(endpoint.counts().keySet());
        int carried = 0;
        for (Map.Entry<String, List<String>> s : seen.entrySet()) {
            String[] parts = s.getKey().split("/");
            int storeStep = Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2]);
            List<String> stored = store.toolExecutions(cell, parts[0], 0).stream().filter(r -> r.step() < storeStep)
                    .sorted(java.util.Comparator.comparingInt(ToolExecutionRecord::step))
                    .flatMap(r -> MultiTurnConversations.results(r).stream()).toList();
            assertThat(s.getValue()).as(s.getKey() + ": tool messages of its request vs the stored results").isEqualTo(stored);
            carried += s.getValue().isEmpty() ? 0 : 1;
        }
        return carried;
    }

    private static String verdict(MultiTurnScore s) {
        return s.valid() + " " + s.errorType() + " " + s.turnPassed();
    }

    /** The (entry, turn, step) keys whose model output the store holds (store step {@code turn * 100 + step}). */
    private static Set<String> storedSteps(ResultsStore store, String cell, List<BfclMultiTurnEntry> entries) {
        Set<String> stored = new TreeSet<>();
        for (BfclMultiTurnEntry e : entries) {
            for (int turn = 0; turn < e.turns().size(); turn++) {
                for (int step = 1; step <= 2; step++) {
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

    private static String result(HistoryEvent event) {
        return event.getActivityTaskCompletedEventAttributes().getResult().getPayloadsList().stream()
                .map(p -> p.getData().toStringUtf8()).reduce("", String::concat);
    }
}
