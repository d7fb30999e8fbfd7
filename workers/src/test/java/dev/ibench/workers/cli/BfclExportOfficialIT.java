package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.BundledData;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign export --format bfcl}: bfcl-eval's own leaderboard aggregation (its generate_leaderboard_csv, run on
 * the exported score files) writes the same data_overall.csv as ibench's export. Two models (the oracle profile: tools
 * mode, so names are judged as bfcl-eval's FC handlers judge them) on 6 bundled simple rows: m answers 4 right, one in
 * prose and one rejected; m2 answers 2 right and the dotted spelling on 4 (wrong in FC mode).
 */
class BfclExportOfficialIT {
    @TempDir Path dir;

    @AfterEach
    void clearProperties() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    @Test
    void bfclEvalsOwnLeaderboardToolingReadsTheExportAndAgreesOnDataOverall() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        List<EvalSample> all = BfclImporter.read(BundledData.root().resolve("bfcl/BFCL_v3_simple.json"),
                BundledData.root().resolve("bfcl/possible_answer/BFCL_v3_simple.json"), BfclCategory.SIMPLE).samples();
        // rows whose gold names a dotted function, so the spelling matters
        List<EvalSample> samples = all.stream().filter(s -> s.output().get(0).name().contains(".")).limit(6).toList();
        assertThat(samples).hasSize(6);
        Map<String, String[]> answers = new java.util.LinkedHashMap<>();
        answers.put("m", new String[] {"fc", "fc", "fc", "fc", "prose", "rejected"});
        answers.put("m2", new String[] {"fc", "fc", "dotted", "dotted", "dotted", "dotted"});
        Path out = exported(samples, "simple", answers);

        List<String> results = Files.readAllLines(out.resolve("result/m/non_live/BFCL_v4_simple_python_result.json"));
        assertThat(results).hasSize(6);
        assertThat(Json.MAPPER.readTree(results.get(5)).get("result").asText()).startsWith("Error during inference: ");
        List<String> score = Files.readAllLines(out.resolve("score/m/non_live/BFCL_v4_simple_python_score.json"));
        JsonNode header = Json.MAPPER.readTree(score.get(0));
        assertThat(header.get("correct_count").asInt()).isEqualTo(4);
        assertThat(header.get("total_count").asInt()).as("the rejected entry in the denominator").isEqualTo(6);
        assertThat(score).hasSize(3);
        assertThat(Json.MAPPER.readTree(score.get(2)).get("error_type").asText()).isEqualTo("ast_decoder:decoder_failed");
        List<String> score2 = Files.readAllLines(out.resolve("score/m2/non_live/BFCL_v4_simple_python_score.json"));
        assertThat(Json.MAPPER.readTree(score2.get(0)).get("correct_count").asInt()).isEqualTo(2);
        assertThat(Json.MAPPER.readTree(score2.get(1)).get("error_type").asText()).isEqualTo("simple_function_checker:wrong_func_name");

        String ours = Files.readString(out.resolve("score/data_overall.csv"));
        String theirs = official.leaderboardCsv(out.resolve("score"));
        System.out.println("data_overall.csv (ibench):\n" + ours + "\ndata_overall.csv (bfcl-eval):\n" + theirs);
        assertThat(ours).isEqualTo(theirs);
        // by hand: simple_python 4/6 and 2/6 weigh 10/12 of 100 points
        assertThat(ours.lines().toList().get(1)).startsWith("1,0.56%,m,");
        assertThat(ours.lines().toList().get(2)).startsWith("2,0.28%,m2,");
    }

    /**
     * A function-calling ({@code mode: tools}) model's single-turn result files are written as bfcl-eval's FC handlers
     * write them ({@code [{name: arguments JSON}]}, or the text), so bfcl-eval's own evaluation of the exported result
     * files (its {@code ast_file_runner} with the FC handler's {@code decode_ast}) gives the score file ibench exported:
     * six simple_python entries of the installed package answered right, with the dotted spelling, in prose, with
     * arguments that are not an object, and rejected.
     */
    @Test
    void bfclEvalsOwnEvaluationOfTheExportedFunctionCallingResultsGivesTheExportedScores() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        dev.ibench.core.bfcl.BfclEvalPackage bfclEval = dev.ibench.core.bfcl.BfclEvalPackage.at(official.root());
        List<EvalSample> samples = BfclImporter.read(bfclEval.tests("simple_python"), bfclEval.answers("simple_python"),
                BfclCategory.SIMPLE_PYTHON).samples().subList(0, 6);
        Path out = exported(samples, "simple_python",
                Map.of("m", new String[] {"fc", "fc", "dotted", "prose", "not-an-object", "rejected"}));
        List<String> results = Files.readAllLines(out.resolve("result/m/non_live/BFCL_v4_simple_python_result.json"));
        assertThat(Json.MAPPER.readTree(results.get(0)).get("result").isArray()).as("calls as [{name: arguments}]").isTrue();
        assertThat(Json.MAPPER.readTree(results.get(3)).get("result").asText()).isEqualTo("I cannot help with that.");

        Path theirs = dir.resolve("bfcl-eval-score");
        official.evaluateSingleTurnResults(out.resolve("result"), theirs, "m");
        List<String> ours = Files.readAllLines(out.resolve("score/m/non_live/BFCL_v4_simple_python_score.json"));
        List<String> officialLines = Files.readAllLines(theirs.resolve("m/non_live/BFCL_v4_simple_python_score.json"));
        System.out.println("BfclExportOfficialIT FC single-turn:\n ibench " + ours + "\n bfcl-eval " + officialLines);
        JsonNode ourHeader = Json.MAPPER.readTree(ours.get(0));
        JsonNode theirHeader = Json.MAPPER.readTree(officialLines.get(0));
        assertThat(ourHeader.get("correct_count")).isEqualTo(theirHeader.get("correct_count"));
        assertThat(ourHeader.get("total_count")).isEqualTo(theirHeader.get("total_count"));
        // by hand: the two right answers pass; dotted (FC: underscore names), prose, not-an-object and rejected fail
        assertThat(theirHeader.get("correct_count").asInt()).isEqualTo(2);
        assertThat(theirHeader.get("total_count").asInt()).isEqualTo(6);
        assertThat(failures(ours)).isEqualTo(failures(officialLines));
    }

    /**
     * Exports (campaign export --format bfcl) a campaign of {@code samples} (one BFCL set of {@code category}) whose models,
     * all with the oracle profile (tools mode), answered as {@code answersByModel} says per entry ({@link #writeCell}).
     */
    private Path exported(List<EvalSample> samples, String category, Map<String, String[]> answersByModel) throws Exception {
        Path evalSet = dir.resolve("bfcl-simple.json");
        Json.MAPPER.writeValue(evalSet.toFile(), Map.of("style", "bfcl", "category", category, "data", samples));
        StringBuilder models = new StringBuilder();
        answersByModel.keySet().forEach(m -> models.append("  - {name: ").append(m).append(", profile: oracle}\n"));
        Path campaignFile = dir.resolve("c.yaml");
        Files.writeString(campaignFile, "name: bfcl-export\nmodels:\n" + models + "benchmarks:\n  - {name: bfcl-simple, eval_set: " + evalSet + "}\n");
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        Path storeFile = storeOutsideTempDir();
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("X", spec.name(), Json.MAPPER.writeValueAsString(spec));
            for (Map.Entry<String, String[]> m : answersByModel.entrySet()) {
                writeCell(store, evalSet, samples, m.getKey(), m.getValue());
            }
        }
        Path out = dir.resolve("bfcl-out");
        CliRun run = CliRun.of("campaign", "export", "X", "--format", "bfcl", "--out", out.toString(), "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        return out;
    }

    /**
     * A results store under the module's target folder, not the test's temp folder: {@code campaign export} runs in this
     * JVM and keeps its store's connection pool open (CampaignServices caches it per store), and a pool connection
     * reopened while JUnit deleted the temp folder made its cleanup fail once in CI (DirectoryNotEmptyException).
     */
    private static Path storeOutsideTempDir() throws java.io.IOException {
        Path folder = Files.createDirectories(Path.of("target", "it-stores").toAbsolutePath());
        return folder.resolve("bfcl-export-" + java.util.UUID.randomUUID() + ".db");
    }

    /** A score file's failing entries: id and error type. */
    private static Map<String, String> failures(List<String> scoreLines) throws Exception {
        Map<String, String> f = new java.util.TreeMap<>();
        for (String line : scoreLines.subList(1, scoreLines.size())) {
            JsonNode n = Json.MAPPER.readTree(line);
            f.put(n.get("id").asText(), n.get("error_type").asText());
        }
        return f;
    }

    /**
     * The CSV formula over every category ibench runs, against bfcl-eval's on the same score headers: three models with
     * seeded counts, each leaving out a different set of categories (N/A display, live weighting by count, a model with
     * everything ibench runs).
     */
    @Test
    void dataOverallEqualsBfclEvalsOnEveryCategoryIbenchRuns() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        List<String> categories = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple",
                "irrelevance", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance", "live_relevance",
                "multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context");
        java.util.Random random = new java.util.Random(43);
        List<dev.ibench.core.bfcl.BfclOverallCsv.Model> models = new java.util.ArrayList<>();
        Path scores = dir.resolve("score");
        for (int m = 0; m < 3; m++) {
            Map<String, dev.ibench.core.bfcl.BfclSummary.Category> run = new java.util.LinkedHashMap<>();
            for (String c : categories) {
                if (m > 0 && random.nextInt(3) == 0) {
                    continue; // not run
                }
                int total = 5 + random.nextInt(40);
                int correct = random.nextInt(total + 1);
                run.put(c, new dev.ibench.core.bfcl.BfclSummary.Category(total, correct));
                Path file = scores.resolve("model-" + m).resolve(dev.ibench.workers.campaign.BfclResultsExport.group(c)).resolve("BFCL_v4_" + c + "_score.json");
                Files.createDirectories(file.getParent());
                Files.writeString(file, Json.MAPPER.writeValueAsString(Map.of("accuracy", correct / (double) total, "correct_count", correct,
                        "total_count", total)) + "\n");
            }
            models.add(new dev.ibench.core.bfcl.BfclOverallCsv.Model("model-" + m, run));
        }
        String ours = dev.ibench.core.bfcl.BfclOverallCsv.csv(models);
        String theirs = official.leaderboardCsv(scores);
        System.out.println("data_overall.csv over every category (ibench):\n" + ours);
        assertThat(ours).isEqualTo(theirs);
    }

    /**
     * Multi-turn entries that fail before the checker or at an empty turn, of a function-calling ({@code mode: tools}) model,
     * exported and evaluated by bfcl-eval's own multi_turn_runner with its OpenAI FC handler's decoding
     * ({@code convert_to_function_call}): bfcl-eval's score file equals the exported one (header; per failing entry the
     * error type and message, the decoded calls, the possible answer) and its verdicts are the stored ones. Three entries of
     * multi_turn_base: {@code empty} answers turn 0 with its ground truth as native tool calls, then a turn-ending step
     * without calls, and every later turn with text only (bfcl-eval: empty_turn_model_response at turn 1, turn 0 passing
     * its state and response checks, so the exported {@code [{name: arguments}]} steps decode to the calls ibench ran);
     * {@code stopped} ran turn 0 only (force_terminated); {@code rejected} was refused by the endpoint (inference_error).
     */
    @Test
    void multiTurnFailuresOfAFunctionCallingModelAreWrittenAsBfclEvalWritesThem() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        dev.ibench.core.bfcl.BfclEvalPackage bfclEval = dev.ibench.core.bfcl.BfclEvalPackage.at(official.root());
        var imported = dev.ibench.core.bfcl.BfclMultiTurnImporter.read(bfclEval.tests("multi_turn_base"), bfclEval.answers("multi_turn_base"),
                bfclEval.functionDocs(), "multi_turn_base");
        List<dev.ibench.core.bfcl.BfclMultiTurnEntry> entries = imported.entries().stream()
                .filter(e -> e.groundTruth().stream().allMatch(t -> !t.isEmpty() && t.stream().noneMatch(c -> keywordArguments(c) == null)))
                .limit(3).toList();
        assertThat(entries).hasSize(3);
        Path evalSet = dir.resolve("mt.json");
        Files.writeString(evalSet, new dev.ibench.core.bfcl.BfclMultiTurnEvalSet("multi_turn_base", "BFCL_v4_multi_turn_base.json",
                imported.functionDocs(), entries).toJson().toString());
        Path campaignFile = dir.resolve("mt.yaml");
        Files.writeString(campaignFile, "name: mt\nmodels:\n  - {name: fc, profile: oracle}\nbenchmarks:\n  - {name: mt, eval_set: " + evalSet
                + "}\nmodes: [react]\n");
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        Path storeFile = storeOutsideTempDir();
        String cell = "M/fc/mt/react";
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("M", spec.name(), Json.MAPPER.writeValueAsString(spec));
            store.saveCell(new CellRecord(cell, "M", "fc", "mt", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples(cell, entries.stream().map(dev.ibench.core.bfcl.BfclMultiTurnEntry::id).toList());
            for (int i = 0; i < 2; i++) {
                var e = entries.get(i);
                int turns = i == 0 ? e.groundTruth().size() : 1;
                List<List<List<String>>> decoded = new java.util.ArrayList<>();
                for (int t = 0; t < turns; t++) {
                    List<String> steps = t == 0 ? List.of(nativeTurn("", e.groundTruth().get(0)), nativeTurn("Done.", List.of()))
                            : List.of(nativeTurn("I am not sure what to do.", List.of()));
                    List<List<String>> turnDecoded = new java.util.ArrayList<>();
                    for (int k = 0; k < steps.size(); k++) {
                        store.saveModelCall(new ModelCallRecord(cell, e.id(), 0, t * 100 + k + 1, null, steps.get(k), 10, 10, 1L, false));
                        turnDecoded.add(dev.ibench.core.bfcl.BfclMultiTurnDecoder.decode(steps.get(k)));
                    }
                    decoded.add(turnDecoded);
                }
                var score = new dev.ibench.activities.multiturn.MultiTurnScore("multi_turn_base", false,
                        i == 0 ? "multi_turn:empty_turn_model_response" : "multi_turn:force_terminated", i == 0 ? 1 : null,
                        List.of(), 0, 0, turns, e.groundTruth().size(), turns + 1, decoded);
                com.fasterxml.jackson.databind.node.ObjectNode json = Json.MAPPER.valueToTree(score);
                json.put("mode", dev.ibench.activities.multiturn.MultiTurnScore.MODE);
                store.saveSampleResult(new SampleResultRecord(cell, e.id(), 0, SampleResultRecord.SCORED, false, json.toString(), null));
            }
            store.saveRejected(cell, entries.get(2).id(), 0, "CONTEXT_LENGTH: prompt too long");
        }
        Path out = dir.resolve("mt-out");
        CliRun run = CliRun.of("campaign", "export", "M", "--format", "bfcl", "--out", out.toString(), "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> results = Files.readAllLines(out.resolve("result/fc/multi_turn/BFCL_v4_multi_turn_base_result.json"));
        assertThat(results).hasSize(3);
        JsonNode firstStep = Json.MAPPER.readTree(results.get(0)).at("/result/0/0/0");
        assertThat(firstStep.isObject()).as("a native step as the OpenAI FC handler keeps it: {name: arguments}").isTrue();

        Path theirs = dir.resolve("mt-bfcl-eval-score");
        official.evaluateMultiTurnResults(out.resolve("result"), theirs, "fc");
        List<JsonNode> bfclEvals = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(theirs.resolve("fc/multi_turn/BFCL_v4_multi_turn_base_score.json"))) {
            bfclEvals.add(Json.MAPPER.readTree(line));
        }
        List<JsonNode> ours = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("score/fc/multi_turn/BFCL_v4_multi_turn_base_score.json"))) {
            ours.add(Json.MAPPER.readTree(line));
        }
        System.out.println("multi-turn score file (bfcl-eval), header and error types: " + bfclEvals.get(0) + " "
                + bfclEvals.stream().skip(1).map(n -> n.get("id").asText() + "=" + n.at("/error/error_type").asText()).toList());
        assertThat(ours.get(0)).isEqualTo(bfclEvals.get(0));
        assertThat(ours.get(0).get("correct_count").asInt()).isZero();
        assertThat(ours).hasSize(4).hasSameSizeAs(bfclEvals);
        Map<String, String> expectedTypes = Map.of(entries.get(0).id(), "multi_turn:empty_turn_model_response", entries.get(1).id(),
                "multi_turn:force_terminated", entries.get(2).id(), "multi_turn:inference_error");
        for (int i = 1; i < 4; i++) {
            JsonNode b = bfclEvals.get(i);
            JsonNode o = ours.get(i);
            String id = b.get("id").asText();
            assertThat(o.get("id").asText()).isEqualTo(id);
            assertThat(b.at("/error/error_type").asText()).as(id).isEqualTo(expectedTypes.get(id));
            assertThat(o.at("/error/error_type")).as(id).isEqualTo(b.at("/error/error_type"));
            assertThat(o.at("/error/error_message")).as(id).isEqualTo(b.at("/error/error_message"));
            assertThat(o.get("model_result_decoded")).as(id).isEqualTo(b.get("model_result_decoded"));
            assertThat(o.get("model_result")).as(id).isEqualTo(b.get("model_result"));
            assertThat(o.get("possible_answer")).as(id).isEqualTo(b.get("possible_answer"));
            assertThat(o.at("/prompt/initial_config")).as(id).isEqualTo(b.at("/prompt/initial_config"));
        }
    }

    /** A ground-truth call's keyword arguments as JSON text, or null when it passes one by position. */
    private static String keywordArguments(String call) {
        Object parsed = new dev.ibench.core.parse.PythonCallStage().extract("[" + call + "]").orElseThrow();
        Map<?, ?> arguments = (Map<?, ?>) ((Map<?, ?>) ((List<?>) parsed).get(0)).get("arguments");
        if (arguments.keySet().stream().anyMatch(k -> String.valueOf(k).matches("arg_\\d+"))) {
            return null;
        }
        try {
            return Json.MAPPER.writeValueAsString(arguments);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A step of a function-calling model as the store keeps it: its text and these calls as native tool calls. */
    private static String nativeTurn(String content, List<String> calls) {
        List<dev.ibench.core.sample.NativeTurnText.Call> native_ = new java.util.ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            String name = calls.get(i).substring(0, calls.get(i).indexOf('('));
            native_.add(new dev.ibench.core.sample.NativeTurnText.Call("call_" + i, name, keywordArguments(calls.get(i))));
        }
        return new dev.ibench.core.sample.NativeTurnText(content, native_).stored();
    }

    private static void writeCell(ResultsStore store, Path evalSet, List<EvalSample> samples, String model, String[] answers) throws Exception {
        String cell = "X/" + model + "/bfcl-simple/direct";
        store.saveCell(new CellRecord(cell, "X", model, "bfcl-simple", "direct", "none", evalSet.toString(), 1));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        for (int i = 0; i < answers.length; i++) {
            EvalSample s = samples.get(i);
            if (answers[i].equals("rejected")) {
                store.saveRejected(cell, s.sampleId(), 0, "CONTEXT_LENGTH: prompt too long");
                continue;
            }
            String output = switch (answers[i]) {
                case "fc" -> Json.MAPPER.writeValueAsString(BfclMode.FC.answeredAs(s).output());
                case "dotted" -> Json.MAPPER.writeValueAsString(s.output());
                case "not-an-object" -> "[{\"name\":\"" + BfclMode.FC.answeredAs(s).output().get(0).name() + "\",\"arguments\":\"[1, 2]\"}]";
                default -> "I cannot help with that.";
            };
            store.saveModelCall(new ModelCallRecord(cell, s.sampleId(), 0, 0, null, output, 10, 10, 1L, false));
            store.saveSampleResult(new SampleResultRecord(cell, s.sampleId(), 0, SampleResultRecord.SCORED, null, "{}", null));
        }
    }
}
