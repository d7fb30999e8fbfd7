package dev.ibench.core.report.html;

import dev.ibench.core.report.BenchmarkUniverse;
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
 * shown (one line per model, per benchmark and mode; {@code universe:100}, else the cell without ablation, is the
 * 100% point); then the universe sizes per database (seed Table 4). The seed ran both with ReACT agents, so the ReACT
 * charts come first and carry the figure's name; direct-cell charts follow, labelled as direct cells.
 */
final class AblationChartsSection implements HtmlSection {
    private static final String METRIC = "completion_rate";
    private static final String UNIVERSE = "universe:";
    private static final String REACT = "react";

    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<String> charts = new ArrayList<>();
        List<CellReport> cells = data.report().cells();
        List<String> modes = new ArrayList<>(cells.stream().map(CellReport::mode).distinct().toList());
        modes.sort((a, b) -> Boolean.compare(!a.equals(REACT), !b.equals(REACT)));
        for (String mode : modes) {
            obfuscation(data, mode).ifPresent(charts::add);
            for (String benchmark : cells.stream().filter(c -> c.mode().equals(mode)).map(CellReport::benchmark).distinct().toList()) {
                universe(data, mode, benchmark).ifPresent(charts::add);
            }
        }
        if (!charts.isEmpty()) {
            h.append("<h2 id=\"ablations\">Ablations (seed Figures 3 and 4)</h2>");
            h.append("<p>The seed's Figures 3 and 4 are ReACT results; charts of direct cells are this campaign's direct-mode counterpart.</p>");
            h.append("<div class=\"charts\">");
            charts.forEach(h::append);
            h.append("</div>");
        }
        universeSizes(data, h);
    }

    /** The seed's name of a chart of {@code mode}: the figure itself for ReACT cells, its direct-cell counterpart else. */
    private static String figure(int number, String mode) {
        return mode.equals(REACT) ? "Figure " + number + " (ReACT): " : "Figure " + number + ", direct cells (" + mode + "): ";
    }

    private static void universeSizes(HtmlReportData data, StringBuilder h) {
        List<BenchmarkUniverse> universes = data.report().universes();
        if (universes.isEmpty()) {
            return;
        }
        List<Integer> shares = BenchmarkUniverse.shares(data.report());
        h.append("<h3 id=\"universe-sizes\">Tool universe sizes (seed Table 4)</h3><table class=\"universes\"><tr><th>benchmark</th><th>database</th>");
        shares.forEach(p -> h.append("<th>").append(p).append("%</th>"));
        h.append("</tr>");
        for (BenchmarkUniverse u : universes) {
            h.append("<tr><td class=\"label\">").append(Html.escape(u.benchmark())).append("</td><td class=\"label\">")
                    .append(Html.escape(u.size().database())).append("</td>");
            shares.forEach(p -> h.append("<td>").append(u.size().offered(p)).append("</td>"));
            h.append("</tr>");
        }
        h.append("</table><p>A share offers floor(N &times; percent / 100) of the database's N tools, never fewer than a sample's gold tools.</p>");
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
        return Optional.of(BarChart.render("obfuscation-" + mode, figure(3, mode) + "obfuscated vs plain tool names", METRIC, groups,
                List.of(new Series("plain", plain, plainSpread), new Series("obfuscated", obf, obfSpread)), 1.0));
    }

    private static Optional<String> universe(HtmlReportData data, String mode, String benchmark) {
        // a universe:100 cell, where there is one, is the 100% point before the cell without ablation
        List<CellReport> cells = data.report().cells().stream().filter(c -> c.mode().equals(mode) && c.benchmark().equals(benchmark))
                .sorted((a, b) -> Boolean.compare(!HtmlReportData.ablationOf(a).startsWith(UNIVERSE), !HtmlReportData.ablationOf(b).startsWith(UNIVERSE)))
                .toList();
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
        return Optional.of(LineChart.render("universe-" + mode + "-" + benchmark, figure(4, mode) + benchmark + ", tool universe shown",
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
