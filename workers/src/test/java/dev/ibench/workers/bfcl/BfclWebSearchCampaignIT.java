package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.bfcl.BfclWebSearchAccess;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.testing.bfcl.StandInSearchServer;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.cli.IbenchCli;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.AgenticScoreFiles;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeWebSearchEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 43 Must show 2, web-search half: a campaign over web_search_base and web_search_no_snippet (bfcl-eval's own
 * questions, its own WebSearchAPI in ibench's sandboxed runner), their first 5 questions each, SerpAPI replaced by
 * {@link StandInSearchServer} (recorded results and pages on loopback, the worker's IBENCH_BFCL_SEARCH_URL; the key handed
 * over by the variable the campaign file's {@code api_key_env} names, which the worker learns from the stored campaign only:
 * its own default variable is not set), the model a TEST DOUBLE ({@link FakeWebSearchEndpoint}:
 * searches, fetches a result page, then answers right, with "I do not know", or upper-cased). campaign start without the
 * key variable is refused first. The verdicts equal bfcl-eval's own run of the same steps (driver official_web_search.py:
 * execute_multi_turn_func_call on its WebSearchAPI against the same stand-in, _evaluate_single_agentic_entry with
 * agentic_checker), and so do the stored results of every call; the stand-in received every search with the key; the
 * report's accuracies and v4 overall (web search in the agentic section, 10 of 100 per category) follow from them. Last,
 * the {@code oracle} profile (gold answers) gets every question right, and {@code campaign export --format bfcl} writes the
 * score files bfcl-eval's own agentic_runner writes on the exported web-search result files.
 */
class BfclWebSearchCampaignIT {
    private static final int QUESTIONS = 5;
    private static final List<String> CATEGORIES = BfclWebSearchImporter.CATEGORIES;
    private static final String ROLES = "workflows,llm,tools,scoring";
    private static final String KEY_ENV = "IBENCH_IT_SEARCH_KEY";
    private static final String KEY = "stand-in-key-not-a-secret";

    @TempDir Path dir;

    @Test
    void webSearchQuestionsRunInACampaignAgainstTheStandInAndAreJudgedAsBfclEval() throws Exception {
        long started = System.nanoTime();
        OfficialBfclChecker official = OfficialBfclChecker.installWithWebSearchBackend();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        Map<String, List<BfclMultiTurnEntry>> entries = new LinkedHashMap<>();
        Map<String, Path> files = new LinkedHashMap<>();
        for (String category : CATEGORIES) {
            BfclMultiTurnImporter.Result imported = BfclWebSearchImporter.read(bfclEval.data().resolve(BfclWebSearchImporter.TESTS), category);
            List<BfclMultiTurnEntry> first = imported.entries().subList(0, QUESTIONS);
            entries.put(category, first);
            files.put(category, Files.writeString(dir.resolve(category + ".json"),
                    new BfclMultiTurnEvalSet(category, BfclWebSearchImporter.TESTS, imported.functionDocs(), first).toJson().toString()));
        }
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        try (StandInSearchServer search = StandInSearchServer.startNumbered(KEY, QUESTIONS);
                FakeWebSearchEndpoint endpoint = FakeWebSearchEndpoint.start(entries.get(CATEGORIES.get(0)), StandInSearchServer::query,
                        i -> search.pageUrl("q" + i + "-a"));
                DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
                TemporalConnection connection = server.connect()) {
            Path file = campaign("ws", "{name: ws, profile: vllm-qwen2.5-7b, endpoint: \"%s\", concurrency: 4}".formatted(endpoint.baseUrl()), files);
            Path goldFile = campaign("gold", "{name: gold, profile: oracle}", files);
            Map<String, String> env = Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString(),
                    BfclEvalPackage.ENV, official.root().toString(), "IBENCH_BFCL_SEARCH_URL", search.baseUrl(),
                    KEY_ENV, KEY, "SERPAPI_API_KEY", "", BfclWebSearchAccess.KEY_ENV_SETTING, ""); // the worker's own key setting: none
            CampaignServices services = CampaignServices.of(IbenchHome.resolve());
            ResultsStore store = services.store();
            assertThatThrownBy(() -> new CampaignStarter(services, connection.client(), Map.of()).start(file, "refused"))
                    .isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("benchmarks 'web_search_base': the BFCL web_search_base set asks a search service, and the "
                            + "environment variable " + KEY_ENV + " that holds its SerpAPI key is not set");
            assertThat(store.cells("refused")).isEmpty();

            WorkerProcess worker = WorkerProcess.start(server.address(), ROLES, dir.resolve("worker.log"), env, "--models-from", file.toString(),
                    "--models-from", goldFile.toString());
            CampaignStarter starter = new CampaignStarter(services, connection.client(), Map.of(KEY_ENV, KEY));
            try {
                assertThat(await(connection, starter.start(file, "ws")).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
                // the oracle (test tool, gold answers, no search) gets every question right
                assertThat(await(connection, starter.start(goldFile, "gold")).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
            } finally {
                worker.close();
            }
            for (String category : CATEGORIES) {
                assertThat(store.sampleResults("gold/gold/" + category + "/react")).as(category + " oracle verdicts").hasSize(QUESTIONS)
                        .allMatch(r -> SampleResultRecord.SCORED.equals(r.status()) && r.completed());
            }
            assertThat(search.searches()).as("the backends searched the stand-in, with the key").hasSize(CATEGORIES.size() * QUESTIONS)
                    .allMatch(StandInSearchServer.Search::keyAccepted);
            assertThat(search.pageRequests()).hasSize(CATEGORIES.size() * QUESTIONS);
            assertThat(endpoint.unknownRequests()).isZero();

            MultiTurnConversations conversations = new MultiTurnConversations(store, services.evalSets());
            Map<String, Double> accuracy = new LinkedHashMap<>();
            for (String category : CATEGORIES) {
                String cell = "ws/ws/" + category + "/react";
                List<Map<String, Object>> cases = new ArrayList<>();
                List<String> ours = new ArrayList<>();
                List<List<List<String>>> ourResults = new ArrayList<>();
                for (BfclMultiTurnEntry e : entries.get(category)) {
                    SampleResultRecord r = store.sampleResults(cell).stream().filter(x -> x.sampleId().equals(e.id())).findFirst().orElseThrow();
                    assertThat(r.status()).as(e.id() + ": " + r.error()).isEqualTo(SampleResultRecord.SCORED);
                    MultiTurnScore s = Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
                    ours.add(s.valid() + " " + s.errorType());
                    List<BfclMultiTurnStep> steps = conversations.steps(cell, e.id(), 0, 0).get(0);
                    assertThat(steps).as(e.id() + " steps").hasSize(3);
                    List<Map<String, Object>> caseSteps = new ArrayList<>();
                    for (BfclMultiTurnStep step : steps) {
                        Map<String, Object> st = new LinkedHashMap<>();
                        st.put("text", step.rawOutput());
                        st.put("decoded", step.decodedCalls().isEmpty() ? null : step.decodedCalls());
                        caseSteps.add(st);
                    }
                    ourResults.add(steps.stream().map(BfclMultiTurnStep::results).filter(Objects::nonNull).toList());
                    Map<String, Object> c = new LinkedHashMap<>();
                    c.put("key", e.id());
                    c.put("category", category);
                    c.put("id", e.id());
                    c.put("search_url", search.baseUrl());
                    c.put("api_key", KEY);
                    c.put("steps", caseSteps);
                    c.put("possible_answer", e.groundTruth().get(0));
                    cases.add(c);
                }
                List<JsonNode> theirs = official.judgeWebSearch(cases);
                int valid = 0;
                for (int i = 0; i < QUESTIONS; i++) {
                    JsonNode their = theirs.get(i);
                    String expected = their.path("valid").asBoolean() + " " + (their.path("error_type").isNull() ? null : their.path("error_type").asText());
                    assertThat(ours.get(i)).as(category + " " + i + " verdict, ibench vs bfcl-eval").isEqualTo(expected);
                    assertThat(ourResults.get(i)).as(category + " " + i + " results, ibench vs bfcl-eval").isEqualTo(
                            Json.MAPPER.convertValue(their.path("results"), new TypeReference<List<List<String>>>() {}));
                    valid += their.path("valid").asBoolean() ? 1 : 0;
                }
                // by hand: the double answers 0 and 3 right, 2 upper-cased (found), 1 and 4 "I do not know"
                assertThat(ours).containsExactly("true null", "false agentic:answer_not_found", "true null", "true null",
                        "false agentic:answer_not_found");
                String firstSearch = ourResults.get(0).get(0).get(0);
                assertThat(firstSearch.contains("Snippet A 0")).as(category + " search results carry snippets")
                        .isEqualTo(category.equals("web_search_base"));
                accuracy.put(category, valid / (double) QUESTIONS);
            }
            CampaignReport report = new CampaignReportBuilder(store, services.evalSets(), services::scorerOf).build("ws", Instant.now().toString());
            for (String category : CATEGORIES) {
                CellReport cell = report.cells().stream().filter(c -> c.benchmark().equals(category)).findFirst().orElseThrow();
                assertThat(cell.metrics().get("bfcl.accuracy." + category).mean()).isEqualTo(accuracy.get(category));
                assertThat(cell.metrics()).doesNotContainKey("bfcl.multi_turn.turn_accuracy");
            }
            BfclOverall overall = BfclOverall.of(report.cells()).get(0);
            assertThat(overall.categories()).containsExactlyInAnyOrderElementsOf(CATEGORIES);
            // the agentic section (40) is the mean of web search and memory, web search the mean of its two: 10 points each
            double expected = (10 * accuracy.get("web_search_base") + 10 * accuracy.get("web_search_no_snippet")) / 100;
            assertThat(overall.v4Overall().mean()).isCloseTo(expected, Offset.offset(1e-12));
            int failing = exportedScoresEqualBfclEvals(official, results);
            System.out.printf("BfclWebSearchCampaignIT: %s, %d questions each, %d searches and %d pages served by the stand-in; verdicts and "
                    + "results equal to bfcl-eval's; accuracies %s, v4 overall %.3f; exported score files equal bfcl-eval's agentic_runner's on the "
                    + "exported result files (%d failing entries); %d s%n", CATEGORIES, QUESTIONS, search.searches().size(),
                    search.pageRequests().size(), accuracy, overall.v4Overall().mean(), failing,
                    java.time.Duration.ofNanos(System.nanoTime() - started).toSeconds());
        } finally {
            System.clearProperty("ibench.results.db");
        }
    }

    /**
     * {@code campaign export ws --format bfcl}, then bfcl-eval's own {@code agentic_runner} (driver
     * official_multi_turn_results.py, the prompt handler's decoding: the double is a prompt-mode model) on the exported
     * web-search result files: its score files equal the exported ones, header and failing lines. Left out of the
     * comparison: {@code prompt} (bfcl-eval's holds the entry as its own prompt file has it; ibench's the entry it ran) and
     * {@code inference_log} (ibench does not keep bfcl-eval's inference log). The number of failing entries.
     */
    private int exportedScoresEqualBfclEvals(OfficialBfclChecker official, Path results) throws Exception {
        Path out = dir.resolve("export");
        int exit = new CommandLine(new IbenchCli()).execute("campaign", "export", "ws", "--format", "bfcl", "--out", out.toString(),
                "--store", results.toString());
        assertThat(exit).as("campaign export ws --format bfcl").isZero();
        Path theirScores = dir.resolve("bfcl-eval-score");
        official.evaluateMultiTurnResults(out.resolve("result"), theirScores);
        int failing = 0;
        for (String category : CATEGORIES) {
            String file = "ws/agentic/BFCL_v4_" + category + "_score.json";
            assertThat(Files.readAllLines(out.resolve("result/ws/agentic/BFCL_v4_" + category + "_result.json"))).hasSize(QUESTIONS);
            // by hand: questions 1 and 4 answer "I do not know"
            List<JsonNode> ours = AgenticScoreFiles.lines(out.resolve("score/" + file));
            assertThat(ours).as(category + " score lines").hasSize(3);
            assertThat(ours.subList(1, 3)).allMatch(line -> line.at("/error/error_type").asText().equals("agentic:answer_not_found"));
            failing += AgenticScoreFiles.assertEqual(category, out.resolve("score/" + file), theirScores.resolve(file));
        }
        return failing;
    }


    /** A campaign {@code name} of one model ({@code model}: its entry) over both sets. */
    private Path campaign(String name, String model, Map<String, Path> files) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, """
                name: %s
                models:
                  - %s
                benchmarks:
                  - {name: web_search_base, eval_set: %s, api_key_env: %s}
                  - {name: web_search_no_snippet, eval_set: %s, api_key_env: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 2000, steps_per_turn: 4}
                cells_in_flight: 2
                samples_in_flight: 4
                """.formatted(name, model, files.get("web_search_base"), KEY_ENV, files.get("web_search_no_snippet"), KEY_ENV));
        return file;
    }

    private static CampaignStatus await(TemporalConnection connection, String campaignId) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(5 * 60, TimeUnit.SECONDS, CampaignStatus.class);
    }
}
