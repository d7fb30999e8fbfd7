package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.chart.Series;
import dev.ibench.core.report.chart.StackedBarChart;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Seed 000 Figure 2: the BFCL error categories of the failing samples (all trials), stacked per model, one chart per
 * benchmark, over the direct cells without ablation that hit any. Categories no model hit are left out of the legend.
 */
final class ErrorCategoriesSection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<CellReport> cells = data.report().cells().stream()
                .filter(c -> c.mode().equals("direct") && HtmlReportData.ablationOf(c).equals("none") && !c.errorCategoriesHit().isEmpty())
                .toList();
        if (cells.isEmpty()) {
            return;
        }
        h.append("<h2 id=\"errors\">Error categories (seed Figure 2)</h2><div class=\"charts\">");
        for (String benchmark : cells.stream().map(CellReport::benchmark).distinct().toList()) {
            List<CellReport> bars = cells.stream().filter(c -> c.benchmark().equals(benchmark)).toList();
            Set<String> categories = new LinkedHashSet<>();
            bars.forEach(c -> c.errorCategories().forEach((k, v) -> {
                if (v > 0) {
                    categories.add(k);
                }
            }));
            List<Series> series = new ArrayList<>();
            for (String category : categories) {
                series.add(new Series(category, bars.stream().map(c -> (double) c.errorCategories().getOrDefault(category, 0)).toList()));
            }
            h.append(StackedBarChart.render("errors-" + benchmark, "Errors on " + benchmark, "failing samples (all trials)",
                    bars.stream().map(CellReport::model).toList(), series));
        }
        h.append("</div>");
    }
}
