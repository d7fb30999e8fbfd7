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
        Path evalSet = dir.resolve("bfcl-simple.json");
        Json.MAPPER.writeValue(evalSet.toFile(), Map.of("style", "bfcl", "category", "simple", "data", samples));
        Path campaignFile = dir.resolve("c.yaml");
        Files.writeString(campaignFile, """
                name: bfcl-export
                models:
                  - {name: m, profile: oracle}
                  - {name: m2, profile: oracle}
                benchmarks:
                  - {name: bfcl-simple, eval_set: %s}
                """.formatted(evalSet));
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        Path storeFile = dir.resolve("results.db");
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("X", spec.name(), Json.MAPPER.writeValueAsString(spec));
            writeCell(store, evalSet, samples, "m", new String[] {"fc", "fc", "fc", "fc", "prose", "rejected"});
            writeCell(store, evalSet, samples, "m2", new String[] {"fc", "fc", "dotted", "dotted", "dotted", "dotted"});
        }
        Path out = dir.resolve("bfcl-out");
        CliRun run = CliRun.of("campaign", "export", "X", "--format", "bfcl", "--out", out.toString(), "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();

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
                default -> "I cannot help with that.";
            };
            store.saveModelCall(new ModelCallRecord(cell, s.sampleId(), 0, 0, null, output, 10, 10, 1L, false));
            store.saveSampleResult(new SampleResultRecord(cell, s.sampleId(), 0, SampleResultRecord.SCORED, null, "{}", null));
        }
    }
}
