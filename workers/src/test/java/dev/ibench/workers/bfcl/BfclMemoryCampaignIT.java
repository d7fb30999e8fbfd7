package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.BfclMemoryRows;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryImporter;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.BfclResultsExport;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.cli.IbenchCli;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.AgenticScoreFiles;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeMemoryEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 43 Must show 2, memory half: a campaign over memory_kv and memory_rec_sum (bfcl-eval's own files and backends),
 * the notetaker scenario (5 prerequisite conversations, the fewest turns) and its first 5 questions in each, the model a
 * TEST DOUBLE ({@link FakeMemoryEndpoint}: files every message in memory, then answers the questions right, with "I do not
 * know", or upper-cased). Run undisturbed, then again with the worker SIGKILLed while a prerequisite conversation runs
 * (some of the scenario's memory stored, not all): no step stored before the kill is asked of the model again, the memory
 * after every conversation (its snapshot's hash and the text the model is shown) equals the undisturbed run's, and so do
 * the verdicts; those equal bfcl-eval's own run of the same scenario on the undisturbed run's calls and texts (driver
 * official_memory.py: execute_multi_turn_func_call with its snapshot files, _evaluate_single_agentic_entry with
 * agentic_checker), whose final snapshot file is ibench's stored one, and whose failing questions (ids, error types)
 * the undisturbed campaign's {@code campaign export --format bfcl} score files list. Last, the {@code oracle} profile (gold answers) runs
 * both sets with every question right.
 */
class BfclMemoryCampaignIT {
    private static final String SCENARIO = "notetaker";
    private static final int QUESTIONS = 5;
    private static final List<String> CATEGORIES = List.of("memory_kv", "memory_rec_sum");
    private static final String ROLES = "workflows,llm,tools,scoring";
    private static final Pattern ASKED = Pattern.compile("multi-turn step asked of the model: (\\S+) sample (\\S+) turn (\\d+) step (\\d+)");

    @TempDir Path dir;

    @Test
    void aWorkerKilledInAPrerequisiteConversationChangesNothing() throws Exception {
        long started = System.nanoTime();
        OfficialBfclChecker official = OfficialBfclChecker.installWithMemoryBackends();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        Map<String, BfclMemoryEvalSet> sets = new LinkedHashMap<>();
        Map<String, Path> files = new LinkedHashMap<>();
        for (String category : CATEGORIES) {
            BfclMemoryEvalSet all = BfclMemoryImporter.read(bfclEval.data().resolve(BfclMemoryImporter.TESTS), category).evalSet();
            BfclMemoryEvalSet set = new BfclMemoryEvalSet(category, all.backend(), all.source(), all.functionDocs(),
                    Map.of(SCENARIO, all.prerequisites(SCENARIO)), all.questionsOf(SCENARIO).subList(0, QUESTIONS));
            sets.put(category, set);
            files.put(category, Files.writeString(dir.resolve(category + ".json"), set.toJson().toString()));
        }
        List<BfclMemoryPrerequisite> prerequisites = sets.get("memory_kv").prerequisites(SCENARIO);
        assertThat(prerequisites).hasSize(5);

        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        Map<String, String> env = Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString(),
                BfclEvalPackage.ENV, official.root().toString());
        // two endpoints: the response cache is keyed by endpoint, so the second campaign cannot be served from the first's answers
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
                FakeMemoryEndpoint calmEndpoint = FakeMemoryEndpoint.start(List.copyOf(sets.values()), Duration.ofMillis(10));
                FakeMemoryEndpoint crashEndpoint = FakeMemoryEndpoint.start(List.copyOf(sets.values()), Duration.ofMillis(150));
                TemporalConnection connection = server.connect()) {
            Path calmFile = campaign("calm", calmEndpoint, files);
            Path crashFile = campaign("crash", crashEndpoint, files);
            Path goldFile = campaign("gold", null, files);
            String[] models = {"--models-from", calmFile.toString(), "--models-from", crashFile.toString(), "--models-from", goldFile.toString()};
            WorkerProcess worker = WorkerProcess.start(server.address(), ROLES, dir.resolve("worker.log"), env, models);
            try {
                CampaignServices services = CampaignServices.of(IbenchHome.resolve());
                ResultsStore store = services.store();
                BfclMemoryRows rows = new BfclMemoryRows(store.database());

                long calmStarted = System.nanoTime();
                String calm = new CampaignStarter(services, connection.client()).start(calmFile, "calm");
                assertThat(await(connection, calm).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                long calmSeconds = Duration.ofNanos(System.nanoTime() - calmStarted).toSeconds();

                long crashStarted = System.nanoTime();
                String crash = new CampaignStarter(services, connection.client()).start(crashFile, "crash");
                // kill while a prerequisite conversation runs: in some cell, 1 to 4 of the 5 conversations' memory stored and
                // a step of the next one stored
                Set<String> storedBeforeKill = Set.of();
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                while (System.nanoTime() < deadline) {
                    boolean midConversation = false;
                    for (String category : CATEGORIES) {
                        int filled = rows.all(cell(crash, category), 0, SCENARIO).size() - 1;
                        midConversation |= filled >= 1 && filled < prerequisites.size()
                                && store.modelCall(cell(crash, category), sets.get(category).prerequisites(SCENARIO).get(filled).id(), 0, 1)
                                        .isPresent();
                    }
                    if (midConversation) {
                        storedBeforeKill = storedPrerequisiteSteps(store, crash, sets);
                        break;
                    }
                    Thread.sleep(50);
                }
                assertThat(storedBeforeKill).as("prerequisite steps stored when a conversation was under way").isNotEmpty();
                Map<String, Integer> filledAtKill = new LinkedHashMap<>();
                for (String category : CATEGORIES) {
                    filledAtKill.put(category, rows.all(cell(crash, category), 0, SCENARIO).size() - 1);
                }
                assertThat(filledAtKill.values()).as("conversations with their memory stored at the kill").anyMatch(n -> n >= 1 && n < 5);
                assertThat(store.sampleResults(cell(crash, "memory_kv"))).as("no question ran before the kill").isEmpty();
                worker.kill();
                String firstWorkerLog = worker.output();
                worker.close();
                worker = WorkerProcess.start(server.address(), ROLES, dir.resolve("worker-2.log"), env, models);
                assertThat(await(connection, crash).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                long crashSeconds = Duration.ofNanos(System.nanoTime() - crashStarted).toSeconds();

                BfclMemorySnapshots snapshots = new BfclMemorySnapshots(services.artifacts());
                MultiTurnConversations conversations = new MultiTurnConversations(store, services.evalSets());
                int valid = 0;
                Path exported = dir.resolve("export-calm");
                int exit = new CommandLine(new IbenchCli()).execute("campaign", "export", calm, "--format", "bfcl", "--out", exported.toString(),
                        "--store", results.toString());
                assertThat(exit).as("campaign export calm --format bfcl").isZero();
                Path theirScores = dir.resolve("bfcl-eval-score");
                official.evaluateMultiTurnResults(exported.resolve("result"), theirScores); // bfcl-eval's agentic_runner on the exported results
                for (String category : CATEGORIES) {
                    String calmCell = cell(calm, category);
                    String crashCell = cell(crash, category);
                    // the memory after every conversation: the same snapshot (by hash) and the same text shown to the model
                    List<BfclMemoryRows.Row> calmRows = rows.all(calmCell, 0, SCENARIO);
                    assertThat(calmRows).extracting(BfclMemoryRows.Row::conversations).containsExactly(0, 1, 2, 3, 4, 5);
                    assertThat(rows.all(crashCell, 0, SCENARIO)).as(category + " memory after each conversation, crashed vs undisturbed")
                            .isEqualTo(calmRows);
                    assertThat(calmRows.stream().map(BfclMemoryRows.Row::snapshotSha256).skip(1).distinct().count())
                            .as("every conversation changed the memory").isEqualTo(5);
                    // the same verdicts
                    Map<String, String> calmVerdicts = verdicts(store, calmCell);
                    assertThat(calmVerdicts).hasSize(QUESTIONS);
                    assertThat(verdicts(store, crashCell)).as(category + " verdicts, crashed vs undisturbed").isEqualTo(calmVerdicts);

                    // bfcl-eval's own run of the scenario on the undisturbed run's calls and texts
                    BfclMemoryEvalSet set = sets.get(category);
                    List<Map<String, Object>> prereqCases = new ArrayList<>();
                    for (BfclMemoryPrerequisite p : set.prerequisites(SCENARIO)) {
                        List<List<String>> steps = conversations.executed(calmCell, p.id(), 0).stream()
                                .map(MultiTurnConversations.ExecutedStep::calls).toList();
                        prereqCases.add(Map.of("id", p.id(), "question", p.turns(), "steps", steps));
                    }
                    List<Map<String, Object>> questionCases = new ArrayList<>();
                    for (BfclMemoryQuestion q : set.questions()) {
                        List<Map<String, Object>> steps = new ArrayList<>();
                        for (int step = 1; ; step++) {
                            var call = store.modelCall(calmCell, q.id(), 0, step);
                            if (call.isEmpty()) {
                                break;
                            }
                            List<String> decoded = BfclMultiTurnDecoder.decode(call.get().rawOutput());
                            Map<String, Object> s = new LinkedHashMap<>();
                            s.put("text", call.get().rawOutput());
                            s.put("decoded", decoded.isEmpty() ? null : decoded);
                            steps.add(s);
                        }
                        questionCases.add(Map.of("id", q.id(), "question", List.of(q.question()), "steps", steps, "possible_answer", q.groundTruth()));
                    }
                    JsonNode theirs = official.judgeMemory(category, category, SCENARIO, prereqCases, questionCases);
                    BfclMemoryRows.Row last = calmRows.get(calmRows.size() - 1);
                    assertThat(snapshots.get(ArtifactHash.parse(last.snapshotSha256()))).as(category + " final snapshot, ibench vs bfcl-eval")
                            .isEqualTo(theirs.path("snapshot").asText());
                    for (int i = 0; i < QUESTIONS; i++) {
                        JsonNode their = theirs.path("questions").get(i);
                        String id = set.questions().get(i).id();
                        assertThat(last.memoryContext()).as(id + " memory context, ibench vs bfcl-eval").isEqualTo(their.path("context").asText());
                        String expected = their.path("valid").asBoolean() + " " + (their.path("error_type").isNull() ? null : their.path("error_type").asText());
                        assertThat(calmVerdicts.get(id)).as(id + " verdict, ibench vs bfcl-eval").isEqualTo(expected);
                    }
                    // the export's score file lists the questions bfcl-eval fails, with its error types (and no result file)
                    List<String> theirFailing = new ArrayList<>();
                    for (int i = 0; i < QUESTIONS; i++) {
                        JsonNode their = theirs.path("questions").get(i);
                        if (!their.path("valid").asBoolean()) {
                            theirFailing.add(set.questions().get(i).id() + " " + their.path("error_type").asText());
                        }
                    }
                    String group = BfclResultsExport.group(category);
                    List<String> scoreLines = Files.readAllLines(exported.resolve("score/calm/" + group + "/BFCL_v4_" + category + "_score.json"));
                    List<String> exportedFailing = new ArrayList<>();
                    for (String line : scoreLines.subList(1, scoreLines.size())) {
                        JsonNode failing = Json.MAPPER.readTree(line);
                        exportedFailing.add(failing.get("id").asText() + " " + failing.at("/error/error_type").asText());
                    }
                    assertThat(exportedFailing).as(category + " exported failing questions vs bfcl-eval's").containsExactlyInAnyOrderElementsOf(theirFailing);
                    assertThat(Json.MAPPER.readTree(scoreLines.get(0)).get("correct_count").asInt()).isEqualTo(QUESTIONS - theirFailing.size());
                    assertThat(Files.readAllLines(exported.resolve("result/calm/" + group + "/BFCL_v4_" + category + "_result.json")))
                            .as(category + " exported result lines").hasSize(QUESTIONS);
                    String scoreFile = "calm/" + group + "/BFCL_v4_" + category + "_score.json";
                    assertThat(AgenticScoreFiles.assertEqual(category, exported.resolve("score/" + scoreFile), theirScores.resolve(scoreFile)))
                            .as(category + " failing questions in bfcl-eval's own score file of the exported results").isEqualTo(theirFailing.size());
                    // by hand: the double answers questions 0 and 3 right, 2 upper-cased (found), 1 and 4 "I do not know"
                    List<String> ids = set.questions().stream().map(BfclMemoryQuestion::id).toList();
                    assertThat(ids.stream().map(calmVerdicts::get).toList()).containsExactly("true null", "false agentic:answer_not_found",
                            "true null", "true null", "false agentic:answer_not_found");
                    valid += 3;

                    // no prerequisite step stored before the kill was asked of the model again
                    Set<String> askedAfterKill = asked(worker.output(), crashCell);
                    for (String step : storedBeforeKill) {
                        if (step.startsWith(crashCell + "|")) {
                            assertThat(askedAfterKill).as(step + " was stored before the kill").doesNotContain(step);
                        }
                    }
                    ModelCallRecord anyStored = store.modelCall(crashCell, set.prerequisites(SCENARIO).get(0).id(), 0, 1).orElseThrow();
                    assertThat(anyStored.cacheHit()).isFalse();
                }
                assertThat(asked(firstWorkerLog, cell(crash, "memory_kv"))).as("the first worker's log names the steps it asked").isNotEmpty();
                // each step asked once undisturbed; crashed, only the steps in flight at the kill (one per cell) asked twice
                assertThat(calmEndpoint.counts().values()).allMatch(c -> c == 1);
                assertThat(crashEndpoint.counts().keySet()).isEqualTo(calmEndpoint.counts().keySet());
                List<String> askedTwice = crashEndpoint.counts().entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
                assertThat(askedTwice).as("steps asked twice (in flight at the kill)").hasSizeLessThanOrEqualTo(CATEGORIES.size());
                assertThat(calmEndpoint.unknownRequests() + crashEndpoint.unknownRequests()).isZero();

                // the oracle (test tool, gold answers) runs them too: every question right, from its scenario's filled memory
                String gold = new CampaignStarter(services, connection.client()).start(goldFile, "gold");
                assertThat(await(connection, gold).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                for (String category : CATEGORIES) {
                    assertThat(verdicts(store, cell(gold, category)).values()).as(category + " oracle verdicts").hasSize(QUESTIONS)
                            .allMatch("true null"::equals);
                    assertThat(rows.all(cell(gold, category), 0, SCENARIO)).hasSize(6);
                }
                System.out.printf("BfclMemoryCampaignIT: %s, scenario %s (5 prerequisite conversations) and %d questions each; undisturbed run %d s; "
                        + "crashed run %d s, worker killed with %d prerequisite steps stored and %s conversations' memory stored, %d steps asked "
                        + "twice (in flight); memory, verdicts (%d valid) and bfcl-eval's equal; total %d s%n", CATEGORIES, SCENARIO, QUESTIONS,
                        calmSeconds, crashSeconds, storedBeforeKill.size(), filledAtKill, askedTwice.size(), valid,
                        Duration.ofNanos(System.nanoTime() - started).toSeconds());
            } finally {
                worker.close();
                System.clearProperty("ibench.results.db");
            }
        }
    }

    private static String cell(String campaign, String category) {
        return campaign + "/" + campaign + "/" + category + "/react";
    }

    /** A campaign over both sets whose model answers from {@code endpoint}; null: the oracle profile. */
    private Path campaign(String model, FakeMemoryEndpoint endpoint, Map<String, Path> files) throws Exception {
        Path file = dir.resolve(model + ".yaml");
        String entry = endpoint == null ? "{name: %s, profile: oracle}".formatted(model)
                : "{name: %s, profile: vllm-qwen2.5-7b, endpoint: \"%s\", concurrency: 4}".formatted(model, endpoint.baseUrl());
        Files.writeString(file, """
                name: %s
                models:
                  - %s
                benchmarks:
                  - {name: memory_kv, eval_set: %s}
                  - {name: memory_rec_sum, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: 3}
                cells_in_flight: 2
                samples_in_flight: 4
                """.formatted(model, entry, files.get("memory_kv"), files.get("memory_rec_sum")));
        return file;
    }

    private static CampaignStatus await(TemporalConnection connection, String campaignId) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(5 * 60, TimeUnit.SECONDS, CampaignStatus.class);
    }

    /** Per question: {@code "<valid> <error type>"}. */
    private static Map<String, String> verdicts(ResultsStore store, String cell) throws Exception {
        Map<String, String> out = new java.util.TreeMap<>();
        for (SampleResultRecord r : store.sampleResults(cell)) {
            assertThat(r.status()).as(r.sampleId() + ": " + r.error()).isEqualTo(SampleResultRecord.SCORED);
            MultiTurnScore s = Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
            assertThat(s.valid()).isEqualTo(r.completed());
            out.put(r.sampleId(), s.valid() + " " + s.errorType());
        }
        return out;
    }

    /** The prerequisite steps whose model output the store holds: {@code cell|conversation id|turn|step}. */
    private static Set<String> storedPrerequisiteSteps(ResultsStore store, String campaign, Map<String, BfclMemoryEvalSet> sets) {
        Set<String> stored = new TreeSet<>();
        for (String category : CATEGORIES) {
            String cell = cell(campaign, category);
            for (BfclMemoryPrerequisite p : sets.get(category).prerequisites(SCENARIO)) {
                for (int turn = 0; turn < p.turns().size(); turn++) {
                    for (int step = 1; step <= 4; step++) {
                        if (store.modelCall(cell, p.id(), 0, turn * 100 + step).isPresent()) {
                            stored.add(cell + "|" + p.id() + "|" + turn + "|" + step);
                        }
                    }
                }
            }
        }
        return stored;
    }

    /** The steps of {@code cell} a worker's log says it asked of the model: {@code cell|sample|turn|step}. */
    private static Set<String> asked(String log, String cell) {
        Set<String> out = new TreeSet<>();
        Matcher m = ASKED.matcher(log);
        while (m.find()) {
            if (m.group(1).equals(cell)) {
                out.add(m.group(1) + "|" + m.group(2) + "|" + m.group(3) + "|" + m.group(4));
            }
        }
        return out;
    }
}
