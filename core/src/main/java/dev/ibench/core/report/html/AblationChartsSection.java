package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MetricSummary;
import dev.ibench.core.report.chart.BarChart;
import dev.ibench.core.report.chart.LineChart;
import dev.ibench.core.report.chart.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Seed 000 Figures 3 and 4, when the campaign has those cells: completion rate with obfuscated against plain tool
 * names (per model and benchmark, one chart per mode), and completion rate against the share of the tool universe
 * shown (one line per model, per benchmark and mode; the cell without ablation is the 100% point).
 */
final class AblationChartsSection implements HtmlSection {
    private static final String METRIC = "completion_rate";
    private static final String UNIVERSE = "universe:";

    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<String> charts = new ArrayList<>();
        List<CellReport> cells = data.report().cells();
        for (String mode : cells.stream().map(CellReport::mode).distinct().toList()) {
            obfuscation(data, mode).ifPresent(charts::add);
            for (String benchmark : cells.stream().filter(c -> c.mode().equals(mode)).map(CellReport::benchmark).distinct().toList()) {
                universe(data, mode, benchmark).ifPresent(charts::add);
            }
        }
        if (!charts.isEmpty()) {
            h.append("<h2 id=\"ablations\">Ablations (seed Figures 3 and 4)</h2><div class=\"charts\">");
            charts.forEach(h::append);
            h.append("</div>");
        }
    }

    private static Optional<String> obfuscation(HtmlReportData data, String mode) {
        List<CellReport> obfuscated = data.report().cells().stream()
                .filter(c -> c.mode().equals(mode) && HtmlReportData.ablationOf(c).equals("obfuscated")).toList();
        if (obfuscated.isEmpty()) {
            return Optional.empty();
        }
        List<String> groups = new ArrayList<>();
        List<Double> plain = new ArrayList<>();
        List<Double> plainSpread = new ArrayList<>();
        List<Double> obf = new ArrayList<>();
        List<Double> obfSpread = new ArrayList<>();
        for (CellReport cell : obfuscated) {
            groups.add(cell.model() + " · " + cell.benchmark());
            MetricSummary p = data.cell(cell.model(), cell.benchmark(), mode, "none").map(c -> c.metrics().get(METRIC)).orElse(null);
            MetricSummary o = cell.metrics().get(METRIC);
            plain.add(p == null ? null : p.mean());
            plainSpread.add(p == null ? null : p.spread());
            obf.add(o == null ? null : o.mean());
            obfSpread.add(o == null ? null : o.spread());
        }
        return Optional.of(BarChart.render("obfuscation-" + mode, mode + ": obfuscated vs plain tool names", METRIC, groups,
                List.of(new Series("plain", plain, plainSpread), new Series("obfuscated", obf, obfSpread)), 1.0));
    }

    private static Optional<String> universe(HtmlReportData data, String mode, String benchmark) {
        List<CellReport> cells = data.report().cells().stream().filter(c -> c.mode().equals(mode) && c.benchmark().equals(benchmark)).toList();
        if (cells.stream().noneMatch(c -> HtmlReportData.ablationOf(c).startsWith(UNIVERSE))) {
            return Optional.empty();
        }
        TreeSet<Double> shares = new TreeSet<>();
        cells.forEach(c -> share(c).ifPresent(shares::add));
        List<Double> xs = new ArrayList<>(shares);
        List<Series> series = new ArrayList<>();
        for (String model : cells.stream().map(CellReport::model).distinct().toList()) {
            List<Double> values = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (double x : xs) {
                MetricSummary s = cells.stream().filter(c -> c.model().equals(model) && share(c).orElse(-1.0) == x)
                        .findFirst().map(c -> c.metrics().get(METRIC)).orElse(null);
                values.add(s == null ? null : s.mean());
                errors.add(s == null ? null : s.spread());
            }
            series.add(new Series(model, values, errors));
        }
        return Optional.of(LineChart.render("universe-" + mode + "-" + benchmark, mode + " on " + benchmark + ": tool universe shown",
                "share of the tool universe (%)", METRIC, xs, series, 1.0));
    }

    /** The universe share of a cell in percent: its universe ablation's, 100 without ablation, empty for other ablations. */
    private static Optional<Double> share(CellReport cell) {
        String ablation = HtmlReportData.ablationOf(cell);
        if (ablation.equals("none")) {
            return Optional.of(100.0);
        }
        if (ablation.startsWith(UNIVERSE)) {
            return Optional.of(Double.parseDouble(ablation.substring(UNIVERSE.length())));
        }
        return Optional.empty();
    }
}
