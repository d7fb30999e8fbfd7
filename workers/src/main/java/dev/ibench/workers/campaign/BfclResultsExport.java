package dev.ibench.workers.campaign;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.bfcl.BfclOverallCsv;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScorer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code campaign export ID --format bfcl --out DIR}: a campaign's BFCL results in bfcl-eval 2026.3.23's own layout, so
 * the leaderboard's tooling reads them: per model and single-turn category {@code result/<model>/<group>/BFCL_v4_<category>_result.json}
 * (one {@code {"id", "result"}} line per entry: the raw model output, a {@code mode: tools} model's calls as bfcl-eval's
 * function-calling handlers write them ({@link BfclFunctionCallingResult}), or bfcl-eval's {@code "Error during inference: ..."}
 * for an entry without one) and {@code score/<model>/<group>/BFCL_v4_<category>_score.json} (a header line
 * {@code {"accuracy", "correct_count", "total_count"}}, then one line per failing entry with its error type), and
 * {@code score/data_overall.csv} ({@link BfclOverallCsv}). A format_sensitivity cell's entries go to
 * {@code format_sensitivity/BFCL_v4_format_sensitivity_{result,score}.json}, the score file's header that of bfcl-eval's
 * {@code format_sensitivity_runner} ({@link BfclFormatSensitivity.Stats#header}), its max delta and standard deviation in
 * the CSV. A multi-turn category's result file holds each entry's turns of model steps ({@link BfclMultiTurnResultLines}),
 * a web-search or memory category's each question's one turn of them, and its failing questions get
 * {@link BfclAgenticScoreLine}'s lines.
 * bfcl-eval has one result per entry: a campaign of several trials exports its first ({@code trial 0}).
 */
public final class BfclResultsExport {
    private final CampaignServices services;

    public BfclResultsExport(CampaignServices services) {
        this.services = services;
    }

    /** What was written: files and the models and categories in them. */
    public record Written(int files, Map<String, List<String>> categoriesByModel) {}

    public Written write(String campaignId, Path dir, CampaignReportBuilder builder) throws IOException {
        CampaignReport report = builder.build(campaignId, java.time.Instant.now().toString());
        EntryLines lines = new EntryLines();
        BfclMultiTurnResultLines multiTurn = new BfclMultiTurnResultLines(services);
        for (CellRecord cell : services.store().cells(campaignId)) {
            if (!services.evalSets().isMultiTurn(cell.evalSet()) && !services.evalSets().isMemory(cell.evalSet())) {
                collect(cell, lines);
            } else {
                for (BfclMultiTurnResultLines.Entry e : multiTurn.entries(cell)) {
                    lines.of(lines.results, cell.model(), e.category()).add(e.result());
                    List<Map<String, Object>> failed = lines.of(lines.failures, cell.model(), e.category());
                    if (e.failure() != null) {
                        failed.add(e.failure());
                    }
                }
            }
        }
        int files = 0;
        Map<String, List<String>> categoriesByModel = new TreeMap<>();
        List<BfclOverallCsv.Model> models = new ArrayList<>();
        Map<String, List<CellReport>> cellsByModel = new LinkedHashMap<>();
        report.cells().forEach(c -> cellsByModel.computeIfAbsent(c.model(), m -> new ArrayList<>()).add(c));
        for (Map.Entry<String, List<CellReport>> e : cellsByModel.entrySet()) {
            Map<String, BfclSummary.Category> categories = categories(e.getValue());
            BfclFormatSensitivity.Stats formatSensitivity = formatSensitivity(e.getValue());
            if (categories.isEmpty() && formatSensitivity == null) {
                continue;
            }
            String model = e.getKey();
            models.add(new BfclOverallCsv.Model(model, categories, formatSensitivity));
            List<String> written = new ArrayList<>(categories.keySet());
            for (Map.Entry<String, BfclSummary.Category> c : categories.entrySet()) {
                files += writeCategory(dir, model, c.getKey(), header(c.getValue()), lines);
            }
            if (formatSensitivity != null) {
                written.add(BfclFormatSensitivity.CATEGORY);
                files += writeCategory(dir, model, BfclFormatSensitivity.CATEGORY, formatSensitivity.header(), lines);
            }
            categoriesByModel.put(model, List.copyOf(written));
        }
        Files.createDirectories(dir.resolve("score"));
        Files.writeString(dir.resolve("score/data_overall.csv"), BfclOverallCsv.csv(models));
        return new Written(files + 1, categoriesByModel);
    }

    /** Per model and category: result lines and failing score lines, in store order. */
    private static final class EntryLines {
        final Map<String, Map<String, List<Map<String, Object>>>> results = new LinkedHashMap<>();
        final Map<String, Map<String, List<Map<String, Object>>>> failures = new LinkedHashMap<>();

        List<Map<String, Object>> of(Map<String, Map<String, List<Map<String, Object>>>> byModel, String model, String category) {
            return byModel.computeIfAbsent(model, m -> new LinkedHashMap<>()).computeIfAbsent(category, k -> new ArrayList<>());
        }
    }

    /** A single-turn cell's first-trial entries: each one's result line, and a score line when it failed. */
    private void collect(CellRecord cell, EntryLines lines) {
        SampleScorer scorer = services.scorerOf(cell);
        boolean functionCalling = services.bfclModeOf(cell) == BfclMode.FC;
        services.store().forEachSampleResult(cell.cellId(), CampaignReportBuilder.DEFAULT_PAGE_SIZE, stored -> {
            if (stored.result().trial() != 0) {
                return;
            }
            EvalSample sample = services.evalSets().sample(cell.evalSet(), stored.result().sampleId());
            BfclCategory.of(sample).ifPresent(category -> {
                String key = BfclFormatSensitivity.isEntryId(sample.sampleId()) ? BfclFormatSensitivity.CATEGORY
                        : category == BfclCategory.SIMPLE ? "simple_python" : category.key();
                boolean unscored = stored.result().isRejected() || stored.result().isInfraError();
                Object result = unscored ? "Error during inference: " + stored.result().error()
                        : functionCalling ? BfclFunctionCallingResult.of(stored.rawOutput()) : stored.rawOutput();
                BfclVerdict verdict = unscored ? BfclJudge.unscored(sample, category, stored.result().status())
                        : scorer.score(sample, stored.rawOutput()).bfcl();
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("id", sample.sampleId());
                line.put("result", result);
                lines.of(lines.results, cell.model(), key).add(line);
                List<Map<String, Object>> failed = lines.of(lines.failures, cell.model(), key);
                if (!verdict.valid()) {
                    failed.add(failureLine(cell.model(), key, sample, verdict, result));
                }
            });
        });
    }

    private static Map<String, Object> failureLine(String model, String category, EvalSample sample, BfclVerdict verdict, Object result) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("id", sample.sampleId());
        f.put("model_name", model);
        f.put("test_category", category);
        f.put("valid", false);
        f.put("error", List.of(verdict.message() == null ? "" : verdict.message()));
        f.put("error_type", verdict.errorType());
        f.put("model_result_raw", result);
        return f;
    }

    /** A model's first-trial BFCL categories by bfcl-eval's file name ({@code simple_python} for {@code simple}). */
    private static Map<String, BfclSummary.Category> categories(List<CellReport> cells) {
        Map<String, BfclSummary.Category> categories = new LinkedHashMap<>();
        BfclOverall.singleTurn(cells, 0).forEach((c, s) -> categories.put(c == BfclCategory.SIMPLE ? "simple_python" : c.key(), s));
        categories.putAll(BfclOverall.multiTurn(cells, 0));
        return categories;
    }

    /**
     * A model's first-trial format_sensitivity stats, as its score file's header and data_overall.csv show them; null
     * without a format_sensitivity cell.
     */
    private static BfclFormatSensitivity.Stats formatSensitivity(List<CellReport> cells) {
        return cells.stream().filter(c -> !c.trialReports().isEmpty() && c.trialReports().get(0).bfcl() != null)
                .flatMap(c -> c.trialReports().get(0).bfcl().formatSensitivityStats().stream()).findFirst().orElse(null);
    }

    private static Map<String, Object> header(BfclSummary.Category summary) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("accuracy", summary.accuracy());
        header.put("correct_count", summary.correct());
        header.put("total_count", summary.samples());
        return header;
    }

    /** One category's result file (when it has result lines) and score file; the number of files written. */
    private static int writeCategory(Path dir, String model, String category, Map<String, Object> header, EntryLines lines) {
        String group = group(category);
        int files = 0;
        List<Map<String, Object>> results = lines.results.getOrDefault(model, Map.of()).get(category);
        if (results != null) {
            writeLines(dir.resolve("result").resolve(model).resolve(group).resolve("BFCL_v4_" + category + "_result.json"), results);
            files++;
        }
        List<Map<String, Object>> score = new ArrayList<>();
        score.add(header);
        score.addAll(lines.failures.getOrDefault(model, Map.of()).getOrDefault(category, List.of()));
        writeLines(dir.resolve("score").resolve(model).resolve(group).resolve("BFCL_v4_" + category + "_score.json"), score);
        return files + 1;
    }

    /**
     * bfcl-eval's {@code get_directory_structure_by_category} for the categories ibench runs: the general grouping, and
     * for a memory category {@code agentic/memory/<backend type>}, for a web-search one {@code agentic}.
     */
    public static String group(String category) {
        if (category.equals(BfclFormatSensitivity.CATEGORY)) {
            return BfclFormatSensitivity.CATEGORY;
        }
        if (category.startsWith("multi_turn")) {
            return "multi_turn";
        }
        if (category.startsWith("memory_")) {
            return "agentic/memory/" + category.substring("memory_".length());
        }
        if (category.startsWith("web_search")) {
            return "agentic";
        }
        return category.startsWith("live") ? "live" : "non_live";
    }

    private static void writeLines(Path file, List<Map<String, Object>> lines) {
        try {
            Files.createDirectories(file.getParent());
            StringBuilder text = new StringBuilder();
            for (Map<String, Object> line : lines) {
                text.append(Json.MAPPER.writeValueAsString(line)).append('\n');
            }
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
