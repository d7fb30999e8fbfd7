package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.campaign.StoreSetting;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 43 Must show 4 on real oracle campaigns over every category ibench runs, entries from bfcl-eval's own package
 * files: a single-turn campaign (the 13 categories, 3 entries each, mode direct) and a multi-turn one (the 4 categories, 3
 * entries each, mode react; a campaign cannot mix them). Each is exported with {@code campaign export --format bfcl};
 * bfcl-eval's own multi-turn evaluation ({@code multi_turn_runner}, driver {@code official_multi_turn_results.py}) reads
 * the exported multi-turn result files and writes its score files: the same verdict per entry as ibench's report, the
 * same headers and failing entries (error types, messages) as ibench's exported score files. Then bfcl-eval's leaderboard
 * aggregation over the single-turn export's score files and its own multi-turn ones gives the overall of ibench's two
 * reports (the leaderboard formula is linear in the categories, so the two campaigns' overalls add up).
 */
class BfclExportCampaignsOfficialIT {
    private static final List<String> SINGLE_TURN = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel",
            "parallel_multiple", "irrelevance", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance",
            "live_relevance");
    private static final List<String> MULTI_TURN = List.of("multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context");
    private static final int ENTRIES = 3;

    @TempDir Path dir;

    @AfterEach
    void clearProperties() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    @Test
    void bfclEvalsOwnEvaluationOfTheExportedResultsAgreesWithIbenchsReports() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        StringBuilder single = new StringBuilder();
        for (String category : SINGLE_TURN) {
            single.append("  - {name: st-").append(category.replace('_', '-')).append(", eval_set: ").append(singleTurnSet(official, category)).append("}\n");
        }
        StringBuilder multi = new StringBuilder();
        for (String category : MULTI_TURN) {
            multi.append("  - {name: mt-").append(category.replace('_', '-')).append(", eval_set: ").append(multiTurnSet(bfclEval, category)).append("}\n");
        }
        Path singleFile = dir.resolve("single.yaml");
        Files.writeString(singleFile, "name: st\nmodels:\n  - {name: oracle, profile: oracle}\nbenchmarks:\n" + single + "samples_in_flight: 8\n");
        Path multiFile = dir.resolve("multi.yaml");
        Files.writeString(multiFile, "name: mt\nmodels:\n  - {name: oracle, profile: oracle}\nbenchmarks:\n" + multi
                + "modes: [react]\nreact: {budget: 10, observation_chars: 1000, steps_per_turn: 3}\nsamples_in_flight: 4\n");
        try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,tools,scoring", Map.of(BfclEvalPackage.ENV, official.root().toString()),
                "--models-from", singleFile.toString())) {
            for (var run : List.of(Map.entry("st", singleFile), Map.entry("mt", multiFile))) {
                CampaignStatus status = harness.run(run.getValue(), run.getKey(), Duration.ofMinutes(5));
                assertThat(status.state()).as(run.getKey() + "\n" + harness.workerLog()).isEqualTo(CellState.COMPLETED);
            }
            Path store = dir.resolve("results.db");
            Path singleOut = dir.resolve("export-st");
            Path multiOut = dir.resolve("export-mt");
            for (var export : List.of(Map.entry("st", singleOut), Map.entry("mt", multiOut))) {
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

            // bfcl-eval's aggregation over every category: the single-turn export's score files and bfcl-eval's multi-turn ones
            Path combined = dir.resolve("combined");
            copyTree(singleOut.resolve("score/oracle"), combined.resolve("oracle"));
            copyTree(theirScores.resolve("oracle"), combined.resolve("oracle"));
            String csv = official.leaderboardCsv(combined);
            System.out.println("data_overall.csv (bfcl-eval, both exports):\n" + csv);
            double overall = Double.parseDouble(csv.lines().toList().get(1).split(",")[1].replace("%", ""));
            double reports = 0;
            for (String campaign : List.of("st", "mt")) {
                var report = new CampaignReportBuilder(harness.services().store(), harness.services().evalSets(), harness.services()::scorerOf)
                        .build(campaign, Instant.now().toString());
                BfclOverall o = BfclOverall.of(report.cells()).get(0);
                assertThat(o.categories()).hasSize(campaign.equals("st") ? SINGLE_TURN.size() : MULTI_TURN.size());
                reports += o.v4Overall().mean();
            }
            System.out.printf("BfclExportCampaignsOfficialIT: bfcl-eval's overall %.2f%%, ibench's reports %.4f%%; %d of %d multi-turn entries fail in both%n",
                    overall, 100 * reports, failing, ours.size());
            assertThat(overall).isCloseTo(100 * reports, org.assertj.core.data.Offset.offset(0.005));
        }
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
