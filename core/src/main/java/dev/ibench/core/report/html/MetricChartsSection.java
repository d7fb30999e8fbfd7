package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MetricSummary;
import dev.ibench.core.report.chart.BarChart;
import dev.ibench.core.report.chart.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The headline metrics as grouped bars (benchmarks on the x axis, one bar per model) with the spread over trials as
 * error bars: direct intent F1, slot F1 and completion, and ReACT completion, over the cells without ablation.
 */
final class MetricChartsSection implements HtmlSection {
    private record Chart(String mode, String metric, String title) {}

    private static final List<Chart> CHARTS = List.of(
            new Chart("direct", "intent.list.f1", "Direct: intent F1"),
            new Chart("direct", "slot.f1", "Direct: slot F1"),
            new Chart("direct", "completion_rate", "Direct: completion rate"),
            new Chart("react", "completion_rate", "ReACT: completion rate (win rate)"));

    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<String> charts = new ArrayList<>();
        for (Chart chart : CHARTS) {
            List<CellReport> cells = data.report().cells().stream().filter(c -> c.mode().equals(chart.mode())
                    && HtmlReportData.ablationOf(c).equals("none") && c.metrics().containsKey(chart.metric())).toList();
            if (cells.isEmpty()) {
                continue;
            }
            List<String> benchmarks = cells.stream().map(CellReport::benchmark).distinct().toList();
            List<Series> series = new ArrayList<>();
            for (String model : cells.stream().map(CellReport::model).distinct().toList()) {
                List<Double> values = new ArrayList<>();
                List<Double> errors = new ArrayList<>();
                for (String benchmark : benchmarks) {
                    MetricSummary s = data.cell(model, benchmark, chart.mode(), "none").map(c -> c.metrics().get(chart.metric())).orElse(null);
                    values.add(s == null ? null : s.mean());
                    errors.add(s == null ? null : s.spread());
                }
                series.add(new Series(model, values, errors));
            }
            charts.add(BarChart.render(chart.mode() + "-" + chart.metric(), chart.title(), chart.metric(), benchmarks, series, 1.0));
        }
        if (!charts.isEmpty()) {
            h.append("<h2 id=\"charts\">Metrics per model</h2><div class=\"charts\">");
            charts.forEach(h::append);
            h.append("</div>");
        }
    }
}
