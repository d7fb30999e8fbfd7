package dev.ibench.activities.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory cells in the report's BFCL figures: a memory_kv cell of 4 questions (2 right, 1 wrong, 1 rejected) and a
 * memory_rec_sum cell of 2 (1 right, 1 infra_error). bfcl-eval's denominators are every question (agentic_runner divides
 * by the result file's entries; one without a valid result is wrong): kv 2/4, rec_sum 1/2. In the v4 overall memory is
 * the mean of the memory categories run ((0.5 + 0.5) / 2 = 0.5), the agentic section half of it (web search not run), and
 * the overall partial: 0.5 over the 40 x 2/3 weight of the two categories, the rest missing.
 */
class BfclMemoryReportTest {
    @TempDir Path dir;

    @Test
    void memoryCategoriesCountEveryQuestionAndFeedTheAgenticSection() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c", "memory", "{}");
            String kv = cell(store, "memory_kv", 4);
            store.saveSampleResult(scored(kv, "memory_kv_0-notetaker-0", true, null));
            store.saveSampleResult(scored(kv, "memory_kv_1-notetaker-1", true, null));
            store.saveSampleResult(scored(kv, "memory_kv_2-notetaker-2", false, "agentic:answer_not_found"));
            store.saveRejected(kv, "memory_kv_3-notetaker-3", 0, "CONTEXT_LENGTH: prompt too long");
            String recSum = cell(store, "memory_rec_sum", 2);
            store.saveSampleResult(scored(recSum, "memory_rec_sum_0-notetaker-0", true, null));
            store.saveInfraError(recSum, "memory_rec_sum_1-notetaker-1", 0, "cell c/memory_rec_sum trial 0: the memory of scenario notetaker "
                    + "after 1 prerequisite conversations is not stored");

            CampaignReport report = new CampaignReportBuilder(store, new EvalSetCache(), c -> {
                throw new AssertionError("memory cells are not re-scored");
            }).build("c", "now");
            CellReport kvCell = report.cells().get(0);
            assertThat(kvCell.metrics().get("bfcl.accuracy.memory_kv").mean()).isCloseTo(0.5, within(1e-12));
            assertThat(kvCell.metrics().get("bfcl.accuracy_scored_only.memory_kv").mean()).isCloseTo(2 / 3.0, within(1e-12));
            assertThat(kvCell.metrics().get("bfcl.unscored.memory_kv").mean()).isEqualTo(1.0);
            assertThat(kvCell.metrics()).doesNotContainKey("bfcl.multi_turn.turn_accuracy");
            assertThat(kvCell.errorCategories()).containsEntry("agentic:answer_not_found", 1).containsEntry("agentic:inference_error", 1);
            assertThat(report.cells().get(1).metrics().get("bfcl.accuracy.memory_rec_sum").mean()).isCloseTo(0.5, within(1e-12));

            BfclOverall overall = BfclOverall.of(report.cells()).get(0);
            assertThat(overall.categories()).containsExactly("memory_kv", "memory_rec_sum");
            assertThat(overall.samples()).isEqualTo(6);
            assertThat(overall.unscored()).isEqualTo(2);
            assertThat(overall.weighted().mean()).isCloseTo(3 / 6.0, within(1e-12));
            // by hand: weight run 2 x 40/2/3 = 13.33; leaderboard formula 13.33 x 0.5 / 100; over the run 0.5
            assertThat(overall.v4WeightRun()).isCloseTo(40.0 / 3, within(1e-9));
            assertThat(overall.v4Overall().mean()).isCloseTo(40.0 / 3 * 0.5 / 100, within(1e-12));
            assertThat(overall.v4OverRun().mean()).isCloseTo(0.5, within(1e-12));
            assertThat(overall.v4MissingWeights().get("agentic")).isCloseTo(40 - 40.0 / 3, within(1e-9));
            assertThat(overall.v4Text()).startsWith("partial 0.500 over 13.3 of 100 weight");
        }
    }

    private String cell(ResultsStore store, String category, int questions) throws Exception {
        List<BfclMemoryQuestion> qs = new ArrayList<>();
        for (int i = 0; i < questions; i++) {
            qs.add(new BfclMemoryQuestion(category + "_" + i + "-notetaker-" + i, "notetaker", List.of(Map.of("role", "user", "content", "q" + i)),
                    List.of("a" + i)));
        }
        BfclMemoryEvalSet set = new BfclMemoryEvalSet(category, "MemoryAPI_" + category.substring(7), "BFCL_v4_memory.json", List.of(),
                Map.of("notetaker", List.of(new BfclMemoryPrerequisite(category + "_prereq_0-notetaker-0", "t",
                        List.of(List.of(Map.of("role", "user", "content", "hi")))))), qs);
        Path file = Files.writeString(dir.resolve(category + ".json"), set.toJson().toString());
        String cell = "c/m/" + category + "/react";
        store.saveCell(new CellRecord(cell, "c", "m", category, "react", "none", file.toString(), 1));
        store.saveCellSamples(cell, qs.stream().map(BfclMemoryQuestion::id).toList());
        return cell;
    }

    private static SampleResultRecord scored(String cell, String id, boolean valid, String errorType) {
        String json = "{\"mode\": \"bfcl_multi_turn\", \"category\": \"" + id.substring(0, id.lastIndexOf('_')) + "\", \"valid\": " + valid
                + ", \"error_type\": " + (errorType == null ? "null" : "\"" + errorType + "\"") + ", \"failed_turn\": null, \"turn_passed\": [],"
                + " \"turns_checked\": 0, \"turns_passed\": 0, \"turns_run\": 1, \"turns\": 1, \"steps\": 2, \"decoded_calls\": [[[]]]}";
        return new SampleResultRecord(cell, id, 0, SampleResultRecord.SCORED, valid, json, null);
    }
}
