package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryImporter;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.testing.bfcl.StandInSearchServer;
import dev.ibench.workers.campaign.BfclResultsExport;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.StoreSetting;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 43 Must show 4 on real oracle campaigns over every category ibench runs, entries from bfcl-eval's own package
 * files: a single-turn campaign (the 13 categories, 3 entries each, mode direct), a multi-turn one (the 4 categories, 3
 * entries each, mode react; a campaign cannot mix them) and an agentic one (memory_kv and memory_rec_sum on bfcl-eval's
 * backends, the notetaker scenario's prerequisite conversations and first 5 questions; web_search_base and
 * web_search_no_snippet, 3 questions each, the worker's search service a {@link StandInSearchServer}; mode react). Each is
 * exported with {@code campaign export --format bfcl}; bfcl-eval's own multi-turn evaluation ({@code multi_turn_runner},
 * driver {@code official_multi_turn_results.py}) reads the exported multi-turn result files and writes its score files:
 * the same verdict per entry as ibench's report, the same headers and failing entries (error types, messages) as ibench's
 * exported score files. The agentic score files' headers hold the store's and the report's counts (by hand: every
 * question right), and bfcl-eval's agentic evaluation of the oracle's web-search steps ({@code official_web_search.py})
 * fails the entries the score files list (none). Then
 * bfcl-eval's leaderboard aggregation over the single-turn and agentic exports' score files and its own multi-turn ones
 * gives the sum of ibench's three reports' overalls (the leaderboard formula is linear in the categories; the agentic
 * report's, by hand, 40 x (1 + 2/3) / 2 points: memory_vector not run counts 0), and its agentic columns equal those of
 * the agentic export's data_overall.csv.
 */
class BfclExportCampaignsOfficialIT {
    private static final List<String> SINGLE_TURN = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel",
            "parallel_multiple", "irrelevance", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance",
            "live_relevance");
    private static final List<String> MULTI_TURN = List.of("multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context");
    private static final int ENTRIES = 3;
    /** The agentic categories: memory (bfcl-eval's kv and rec_sum backends; vector is not run) and web search. */
    private static final List<String> MEMORY = List.of("memory_kv", "memory_rec_sum");
    private static final List<String> WEB_SEARCH = BfclWebSearchImporter.CATEGORIES;
    /** Memory: the notetaker scenario (5 prerequisite conversations, the fewest turns) and its first 5 questions. */
    private static final String SCENARIO = "notetaker";
    private static final int MEMORY_QUESTIONS = 5;
    private static final int WEB_SEARCH_QUESTIONS = 3;
    private static final String KEY_ENV = "IBENCH_IT_SEARCH_KEY";
    private static final String KEY = "stand-in-key-not-a-secret";
    /** data_overall.csv's agentic columns (bfcl-eval's generate_leaderboard_csv). */
    private static final List<String> AGENTIC_COLUMNS = List.of("Web Search Acc", "Web Search Base", "Web Search No Snippet", "Memory Acc",
            "Memory KV", "Memory Vector", "Memory Recursive Summarization");

    @TempDir Path dir;
    /** The web-search questions put in the agentic campaign, by category. */
    private final Map<String, List<BfclMultiTurnEntry>> webSearchEntries = new LinkedHashMap<>();

    @AfterEach
    void clearProperties() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    @Test
    void bfclEvalsOwnEvaluationOfTheExportedResultsAgreesWithIbenchsReports() throws Exception {
        // bfcl-eval with its memory backends' and web-search backend's dependencies, which the worker's runner finds beside it
        OfficialBfclChecker official = OfficialBfclChecker.installWithWebSearchBackend();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        StringBuilder single = new StringBuilder();
        for (String category : SINGLE_TURN) {
            single.append("  - {name: st-").append(category.replace('_', '-')).append(", eval_set: ").append(singleTurnSet(official, category)).append("}\n");
        }
        StringBuilder multi = new StringBuilder();
        for (String category : MULTI_TURN) {
            multi.append("  - {name: mt-").append(category.replace('_', '-')).append(", eval_set: ").append(multiTurnSet(bfclEval, category)).append("}\n");
        }
        StringBuilder agentic = new StringBuilder();
        for (String category : MEMORY) {
            agentic.append("  - {name: ag-").append(category.replace('_', '-')).append(", eval_set: ").append(memorySet(bfclEval, category)).append("}\n");
        }
        for (String category : WEB_SEARCH) {
            agentic.append("  - {name: ag-").append(category.replace('_', '-')).append(", eval_set: ").append(webSearchSet(bfclEval, category)).append("}\n");
        }
        Path singleFile = dir.resolve("single.yaml");
        Files.writeString(singleFile, "name: st\nmodels:\n  - {name: oracle, profile: oracle}\nbenchmarks:\n" + single + "samples_in_flight: 8\n");
        Path multiFile = dir.resolve("multi.yaml");
        Files.writeString(multiFile, "name: mt\nmodels:\n  - {name: oracle, profile: oracle}\nbenchmarks:\n" + multi
                + "modes: [react]\nreact: {budget: 10, observation_chars: 1000, steps_per_turn: 3}\nsamples_in_flight: 4\n");
        Path agenticFile = dir.resolve("agentic.yaml");
        Files.writeString(agenticFile, "name: ag\nmodels:\n  - {name: oracle, profile: oracle}\nbenchmarks:\n" + agentic
                + "modes: [react]\nreact: {budget: 10, observation_chars: 2000, steps_per_turn: 4}\ncells_in_flight: 4\nsamples_in_flight: 4\n");
        // the oracle answers web-search questions without searching; the stand-in is there for the worker's search settings
        Map<String, String> searchKey = Map.of("IBENCH_BFCL_SEARCH_API_KEY_ENV", KEY_ENV, KEY_ENV, KEY);
        try (StandInSearchServer search = StandInSearchServer.startNumbered(KEY, WEB_SEARCH_QUESTIONS);
                CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,tools,scoring", workerEnvironment(official, search, searchKey),
                        "--models-from", singleFile.toString())) {
            for (var run : List.of(Map.entry("st", singleFile), Map.entry("mt", multiFile))) {
                CampaignStatus status = harness.run(run.getValue(), run.getKey(), Duration.ofMinutes(5));
                assertThat(status.state()).as(run.getKey() + "\n" + harness.workerLog()).isEqualTo(CellState.COMPLETED);
            }
            // campaign start checks the search key variable where it runs: handed over as the worker gets it
            long agStarted = System.nanoTime();
            String ag = new CampaignStarter(harness.services(), harness.connection().client(), searchKey).start(agenticFile, "ag");
            CampaignStatus agStatus = WorkflowStub.fromTyped(harness.connection().client().newWorkflowStub(CampaignWorkflow.class,
                    CampaignWorkflow.workflowId(ag))).getResult(5 * 60, TimeUnit.SECONDS, CampaignStatus.class);
            assertThat(agStatus.state()).as("ag\n" + harness.workerLog()).isEqualTo(CellState.COMPLETED);
            long agSeconds = Duration.ofNanos(System.nanoTime() - agStarted).toSeconds();
            Path store = dir.resolve("results.db");
            Path singleOut = dir.resolve("export-st");
            Path multiOut = dir.resolve("export-mt");
            Path agenticOut = dir.resolve("export-ag");
            for (var export : List.of(Map.entry("st", singleOut), Map.entry("mt", multiOut), Map.entry("ag", agenticOut))) {
                CliRun cli = CliRun.of("campaign", "export", export.getKey(), "--format", "bfcl", "--out", export.getValue().toString(), "--store", store.toString());
                assertThat(cli.exit()).as(cli.err()).isZero();
            }

            // ibench's verdict per multi-turn entry, from its results store
            Map<String, Boolean> ours = new TreeMap<>();
            for (String category : MULTI_TURN) {
                for (SampleResultRecord r : harness.services().store().sampleResults("mt/oracle/mt-" + category.replace('_', '-') + "/react")) {
                    assertThat(r.status()).as(r.sampleId()).isEqualTo(SampleResultRecord.SCORED);
                    ours.put(r.sampleId(), Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class).valid());
                }
            }
            assertThat(ours).hasSize(MULTI_TURN.size() * ENTRIES);

            Path theirScores = dir.resolve("bfcl-eval-score");
            official.evaluateMultiTurnResults(multiOut.resolve("result"), theirScores);
            Map<String, Boolean> theirs = new TreeMap<>();
            int failing = 0;
            for (String category : MULTI_TURN) {
                String file = "oracle/multi_turn/BFCL_v4_" + category + "_score.json";
                List<String> resultLines = Files.readAllLines(multiOut.resolve("result/oracle/multi_turn/BFCL_v4_" + category + "_result.json"));
                assertThat(resultLines).hasSize(ENTRIES);
                List<JsonNode> bfclEvals = lines(theirScores.resolve(file));
                List<JsonNode> ibenchs = lines(multiOut.resolve("score/" + file));
                assertThat(ibenchs.get(0)).as(category + " header").isEqualTo(bfclEvals.get(0));
                assertThat(ibenchs).as(category + " failing entries").hasSameSizeAs(bfclEvals);
                for (String line : resultLines) {
                    theirs.put(Json.MAPPER.readTree(line).get("id").asText(), true);
                }
                for (int i = 1; i < bfclEvals.size(); i++) {
                    JsonNode b = bfclEvals.get(i);
                    JsonNode o = ibenchs.get(i);
                    theirs.put(b.get("id").asText(), false);
                    assertThat(o.get("id").asText()).isEqualTo(b.get("id").asText());
                    String type = b.at("/error/error_type").asText();
                    assertThat(o.at("/error/error_type").asText()).as(b.get("id").asText()).isEqualTo(type);
                    if (!type.equals("multi_turn:instance_state_mismatch")) { // bfcl-eval's message names the class
                        assertThat(o.at("/error/error_message")).as(b.get("id").asText()).isEqualTo(b.at("/error/error_message"));
                    }
                    assertThat(o.get("possible_answer")).isEqualTo(b.get("possible_answer"));
                    assertThat(o.get("model_result_decoded")).isEqualTo(b.get("model_result_decoded"));
                    failing++;
                }
            }
            assertThat(theirs).as("bfcl-eval's verdict per entry on the exported results vs ibench's").isEqualTo(ours);
            // gold replay: the entries whose ground truth passes an argument by position fail in both (docs/bfcl.md, Oracle)
            assertThat(failing).as("failing entries").isLessThan(ours.size() / 2);

            // the agentic export's score files: header counts as ibench's store and report have them (the oracle is right on every
            // question: by hand, correct = total = the questions put in the set), no failing entry
            CampaignReport agReport = new CampaignReportBuilder(harness.services().store(), harness.services().evalSets(), harness.services()::scorerOf)
                    .build("ag", Instant.now().toString());
            for (String category : Stream.concat(MEMORY.stream(), WEB_SEARCH.stream()).toList()) {
                int questions = category.startsWith("memory_") ? MEMORY_QUESTIONS : WEB_SEARCH_QUESTIONS;
                String benchmark = "ag-" + category.replace('_', '-');
                List<SampleResultRecord> stored = harness.services().store().sampleResults("ag/oracle/" + benchmark + "/react");
                assertThat(stored).as(category + " questions").hasSize(questions).allMatch(r -> SampleResultRecord.SCORED.equals(r.status()));
                long valid = stored.stream().filter(SampleResultRecord::completed).count();
                CellReport cell = agReport.cells().stream().filter(c -> c.benchmark().equals(benchmark)).findFirst().orElseThrow();
                double reported = cell.metrics().get("bfcl.accuracy." + category).mean();
                Path scoreFile = agenticOut.resolve("score/oracle/" + BfclResultsExport.group(category) + "/BFCL_v4_" + category + "_score.json");
                List<JsonNode> score = lines(scoreFile);
                assertThat(score).as(category + " score file: header, no failing entry").hasSize(1);
                JsonNode header = score.get(0);
                assertThat(header.get("total_count").asInt()).as(category + " total_count").isEqualTo(questions).isEqualTo(stored.size());
                assertThat(header.get("correct_count").asInt()).as(category + " correct_count").isEqualTo(questions).isEqualTo((int) valid)
                        .isEqualTo((int) Math.round(reported * questions));
                assertThat(header.get("accuracy").asDouble()).as(category + " accuracy").isEqualTo(reported).isEqualTo(1.0);
            }

            // web search (BfclWebSearchCampaignIT runs bfcl-eval's agentic_runner on exported result files); bfcl-eval's agentic evaluation
            // (official_web_search.py: _evaluate_single_agentic_entry, agentic_checker) of the oracle's stored steps gives the
            // exported score file's verdicts
            MultiTurnConversations conversations = new MultiTurnConversations(harness.services().store(), harness.services().evalSets());
            for (String category : WEB_SEARCH) {
                String cell = "ag/oracle/ag-" + category.replace('_', '-') + "/react";
                List<Map<String, Object>> cases = new ArrayList<>();
                for (BfclMultiTurnEntry e : webSearchEntries.get(category)) {
                    List<Map<String, Object>> steps = new ArrayList<>();
                    for (BfclMultiTurnStep step : conversations.steps(cell, e.id(), 0, 0).get(0)) {
                        Map<String, Object> st = new LinkedHashMap<>();
                        st.put("text", step.rawOutput());
                        st.put("decoded", step.decodedCalls().isEmpty() ? null : step.decodedCalls());
                        steps.add(st);
                    }
                    cases.add(Map.of("key", e.id(), "category", category, "id", e.id(), "search_url", search.baseUrl(), "api_key", KEY,
                            "steps", steps, "possible_answer", e.groundTruth().get(0)));
                }
                List<JsonNode> verdicts = official.judgeWebSearch(cases);
                Path scoreFile = agenticOut.resolve("score/oracle/agentic/BFCL_v4_" + category + "_score.json");
                List<String> failingInExport = lines(scoreFile).stream().skip(1).map(l -> l.get("id").asText()).toList();
                List<String> failingInBfclEval = new ArrayList<>();
                for (int i = 0; i < verdicts.size(); i++) {
                    if (!verdicts.get(i).path("valid").asBoolean()) {
                        failingInBfclEval.add(webSearchEntries.get(category).get(i).id());
                    }
                }
                assertThat(failingInExport).as(category + " failing entries, ibench's score file vs bfcl-eval's agentic evaluation")
                        .isEqualTo(failingInBfclEval);
                assertThat(lines(scoreFile).get(0).get("correct_count").asInt()).isEqualTo(verdicts.size() - failingInBfclEval.size());
            }

            // bfcl-eval's aggregation over every category: the single-turn and agentic exports' score files and bfcl-eval's multi-turn ones
            Path combined = dir.resolve("combined");
            copyTree(singleOut.resolve("score/oracle"), combined.resolve("oracle"));
            copyTree(theirScores.resolve("oracle"), combined.resolve("oracle"));
            copyTree(agenticOut.resolve("score/oracle"), combined.resolve("oracle"));
            String csv = official.leaderboardCsv(combined);
            System.out.println("data_overall.csv (bfcl-eval, all three exports):\n" + csv);
            Map<String, String> theirRow = csvRow(csv);
            double overall = Double.parseDouble(theirRow.get("Overall Acc").replace("%", ""));
            double reports = 0;
            for (String campaign : List.of("st", "mt", "ag")) {
                var report = new CampaignReportBuilder(harness.services().store(), harness.services().evalSets(), harness.services()::scorerOf)
                        .build(campaign, Instant.now().toString());
                BfclOverall o = BfclOverall.of(report.cells()).get(0);
                assertThat(o.categories()).hasSize(switch (campaign) {
                    case "st" -> SINGLE_TURN.size();
                    case "mt" -> MULTI_TURN.size();
                    default -> MEMORY.size() + WEB_SEARCH.size();
                });
                if (campaign.equals("ag")) {
                    // by hand, the leaderboard's formula: agentic (weight 40 of 100) the mean of web search (1) and memory, memory the
                    // mean of kv (1), vector (not run: 0) and rec_sum (1)
                    assertThat(o.v4Overall().mean()).as("ag overall").isCloseTo(0.40 * (1 + 2.0 / 3) / 2, org.assertj.core.data.Offset.offset(1e-12));
                }
                reports += o.v4Overall().mean();
            }
            // the agentic columns: bfcl-eval's over all three exports equal ibench's data_overall.csv of the agentic export
            Map<String, String> ourRow = csvRow(Files.readString(agenticOut.resolve("score/data_overall.csv")));
            for (String column : AGENTIC_COLUMNS) {
                assertThat(ourRow.get(column)).as(column + ", ibench's export vs bfcl-eval's aggregation").isEqualTo(theirRow.get(column));
            }
            // by hand: the oracle is right on every agentic question run; memory_vector not run
            for (String column : List.of("Web Search Acc", "Web Search Base", "Web Search No Snippet", "Memory KV", "Memory Recursive Summarization")) {
                assertThat(theirRow.get(column)).as(column).isEqualTo("100.00%");
            }
            assertThat(List.of(theirRow.get("Memory Vector"), theirRow.get("Memory Acc"))).as("a memory category not run").containsOnly("N/A");
            System.out.printf("BfclExportCampaignsOfficialIT: bfcl-eval's overall %.2f%%, ibench's reports %.4f%%; %d of %d multi-turn entries fail in both; "
                    + "agentic columns %s; agentic campaign %d s%n", overall, 100 * reports, failing, ours.size(),
                    AGENTIC_COLUMNS.stream().map(c -> c + "=" + theirRow.get(c)).toList(), agSeconds);
            assertThat(overall).isCloseTo(100 * reports, org.assertj.core.data.Offset.offset(0.005));
        }
    }

    /** The worker's environment: bfcl-eval's package, the stand-in as its search service and the variable holding the key. */
    private static Map<String, String> workerEnvironment(OfficialBfclChecker official, StandInSearchServer search, Map<String, String> searchKey) {
        Map<String, String> env = new HashMap<>(searchKey);
        env.put(BfclEvalPackage.ENV, official.root().toString());
        env.put("IBENCH_BFCL_SEARCH_URL", search.baseUrl());
        return env;
    }

    /** data_overall.csv's first model row by column name (bfcl-eval quotes no field of it). */
    private static Map<String, String> csvRow(String csv) {
        List<String> rows = csv.lines().toList();
        String[] names = rows.get(0).split(",", -1);
        String[] values = rows.get(1).split(",", -1);
        assertThat(values).as("columns of " + rows.get(1)).hasSameSizeAs(names);
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            row.put(names[i], values[i]);
        }
        return row;
    }

    /** memory_kv or memory_rec_sum from bfcl-eval's files: the scenario's prerequisite conversations and its first questions. */
    private Path memorySet(BfclEvalPackage bfclEval, String category) throws Exception {
        BfclMemoryEvalSet all = BfclMemoryImporter.read(bfclEval.data().resolve(BfclMemoryImporter.TESTS), category).evalSet();
        BfclMemoryEvalSet set = new BfclMemoryEvalSet(category, all.backend(), all.source(), all.functionDocs(),
                Map.of(SCENARIO, all.prerequisites(SCENARIO)), all.questionsOf(SCENARIO).subList(0, MEMORY_QUESTIONS));
        return Files.writeString(dir.resolve(category + ".json"), set.toJson().toString());
    }

    /** A web-search category's first questions from bfcl-eval's files. */
    private Path webSearchSet(BfclEvalPackage bfclEval, String category) throws Exception {
        BfclMultiTurnImporter.Result imported = BfclWebSearchImporter.read(bfclEval.data().resolve(BfclWebSearchImporter.TESTS), category);
        List<BfclMultiTurnEntry> first = imported.entries().subList(0, WEB_SEARCH_QUESTIONS);
        webSearchEntries.put(category, first);
        return Files.writeString(dir.resolve(category + ".json"),
                new BfclMultiTurnEvalSet(category, BfclWebSearchImporter.TESTS, imported.functionDocs(), first).toJson().toString());
    }

    private Path singleTurnSet(OfficialBfclChecker official, String key) throws Exception {
        BfclCategory category = BfclCategory.parse(key);
        Path tests = official.data().resolve("BFCL_v4_" + key + ".json");
        Path answers = category.needsAnswers() ? official.data().resolve("possible_answer/BFCL_v4_" + key + ".json") : null;
        List<EvalSample> samples = BfclImporter.read(tests, answers, category).samples().subList(0, ENTRIES);
        Path file = dir.resolve("bfcl-" + key + ".json");
        Json.MAPPER.writeValue(file.toFile(), Map.of("style", "bfcl", "category", key, "data", samples));
        return file;
    }

    private Path multiTurnSet(BfclEvalPackage bfclEval, String category) throws Exception {
        BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                bfclEval.functionDocs(), category);
        Path file = dir.resolve(category + ".json");
        Files.writeString(file, new BfclMultiTurnEvalSet(category, bfclEval.tests(category).toString(), imported.functionDocs(),
                imported.entries().subList(0, ENTRIES)).toJson().toString());
        return file;
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(Json.MAPPER.readTree(line));
        }
        return out;
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                Files.createDirectories(target.getParent());
                Files.copy(f, target);
            }
        }
    }
}
