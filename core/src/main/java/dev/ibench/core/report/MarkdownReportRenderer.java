package dev.ibench.core.report;

import dev.ibench.core.campaign.EscapedText;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders a campaign report as Markdown: one summary table, then error categories per cell. */
public final class MarkdownReportRenderer {
    private MarkdownReportRenderer() {}

    public static String render(CampaignReport report) {
        StringBuilder md = new StringBuilder();
        md.append("# Campaign ").append(cellText(report.name())).append(" (`").append(report.campaignId()).append("`)\n\n");
        md.append("Generated ").append(report.generatedAt()).append(". Values are means over trials; ± is the standard deviation. ")
                .append("Metrics are over scored items; rejected and infra_error items are counted apart, and completion is ")
                .append("also given over planned items (docs/reports.md#denominators).\n\n");
        List<String> headline = ReportMetrics.headline(report.cells());
        md.append("| model | benchmark | mode |");
        StandingColumns.HEADERS.forEach(k -> md.append(' ').append(k).append(" |"));
        headline.forEach(k -> md.append(' ').append(k).append(" |"));
        md.append("\n|---|---|---|").append(StandingColumns.MARKDOWN_ALIGNMENT);
        headline.forEach(k -> md.append("---:|"));
        md.append('\n');
        for (CellReport cell : report.cells()) {
            md.append("| ").append(cellText(cell.model())).append(" | ").append(cellText(cell.benchmark())).append(" | ").append(cellText(cell.modeShown())).append(" |");
            StandingColumns.values(report.standing(cell)).forEach(v -> md.append(' ').append(cellText(v)).append(" |"));
            for (String key : headline) {
                md.append(' ').append(format(cell.metrics().get(key))).append(" |");
            }
            md.append('\n');
        }
        List<BfclOverall> bfcl = BfclOverall.of(report.cells());
        if (!bfcl.isEmpty()) {
            md.append("\n## BFCL overall per model\n\nDenominators as bfcl-eval's: an entry without a model output (rejected, infra_error) counts"
                    + " as bfcl-eval counts an inference error (wrong, except in the irrelevance categories).\n\n"
                    + "| model | categories | entries | without output | overall (weighted) | weighted, scored only | overall (unweighted) | BFCL v4 overall |\n"
                    + "|---|---|---:|---:|---:|---:|---:|---|\n");
            for (BfclOverall b : bfcl) {
                md.append("| ").append(cellText(b.model())).append(" | ").append(cellText(String.join(", ", b.categories()))).append(" | ").append(b.samples())
                        .append(" | ").append(b.unscored()).append(" | ").append(format(b.weighted())).append(" | ").append(format(b.weightedScoredOnly()))
                        .append(" | ").append(format(b.unweighted())).append(" | ").append(b.v4Text()).append(" |\n");
            }
        }
        for (CellReport cell : report.cells()) {
            md.append("\n## ").append(cellText(cell.model())).append(" on ").append(cellText(cell.benchmark())).append(" (").append(cellText(cell.modeShown())).append(")\n\n");
            MetricSummary identical = cell.metrics().get(TrialOutcomes.IDENTICAL_SHARE);
            if (identical != null && identical.mean() == 1.0) {
                md.append("Trials are deterministic: every sample gave the same output in all ").append(cell.trials())
                        .append(" trials (e.g. temperature 0), so pass@k equals pass@1.\n\n");
            }
            if (cell.ablationMaterial() != null) {
                material(md, cell.ablationMaterial());
            }
            md.append("| metric | value |\n|---|---:|\n");
            cell.metrics().forEach((k, v) -> md.append("| ").append(k).append(" | ").append(format(v)).append(" |\n"));
            for (FormatSensitivityText.Trial t : FormatSensitivityText.of(cell)) {
                md.append("\n").append(t.heading()).append(":\n\n```\n").append(t.text()).append("```\n");
            }
            Map<String, Integer> hit = cell.errorCategoriesHit();
            if (!hit.isEmpty()) {
                md.append("\nError categories (BFCL, samples over all trials):\n\n| category | samples |\n|---|---:|\n");
                hit.forEach((category, samples) -> md.append("| ").append(category).append(" | ").append(samples).append(" |\n"));
            } else if (!cell.errorCategories().isEmpty()) {
                md.append("\nError categories (BFCL, samples over all trials): none.\n");
            }
        }
        md.append(BenchmarkUniverse.markdown(report));
        return md.toString();
    }

    private static void material(StringBuilder md, AblationMaterial m) {
        md.append(m.summary()).append(".\n\n");
        boolean paraphrase = "paraphrase".equals(m.ablation());
        md.append(paraphrase ? "| sample | original question | rewrite | similarity | used | reason |\n"
                : "| sample | gold tool | written tool | similarity | kept | reason |\n").append("|---|---|---|---:|---|---|\n");
        for (AblationMaterial.Row r : m.rows()) {
            md.append("| ").append(cellText(r.sampleId())).append(" | ").append(cellText(r.origin())).append(" | ").append(cellText(r.written()))
                    .append(" | ").append(AblationMaterial.similarity(r.similarity())).append(" | ").append(r.kept() ? "yes" : "no")
                    .append(" | ").append(cellText(r.reason())).append(" |\n");
        }
        md.append('\n');
    }

    /**
     * Text a user or a store gave, safe in a table cell or heading: control characters escaped ({@link EscapedText}),
     * {@code |} escaped; a line break in longer text (a rewrite, a reason) becomes a space.
     */
    private static String cellText(String s) {
        return s == null ? "" : EscapedText.of(s.replace("\n", " ")).replace("|", "\\|");
    }

    public static String format(MetricSummary s) {
        if (s == null) {
            return "–";
        }
        String mean = String.format(Locale.ROOT, "%.3f", s.mean());
        return s.trials().size() > 1 ? mean + " ± " + String.format(Locale.ROOT, "%.3f", s.spread()) : mean;
    }
}
