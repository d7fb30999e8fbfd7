package dev.ibench.core.report.chart;

import java.util.List;

/**
 * Stacked vertical bars: one bar per category, the series stacked in order (e.g. error categories per model, seed 000
 * Figure 2). Each segment is a {@code rect.bar} with {@code data-category} and {@code data-value}; zero segments
 * are not drawn.
 */
public final class StackedBarChart {
    private StackedBarChart() {}

    public static String render(String id, String title, String yTitle, List<String> categories, List<Series> series) {
        double max = 0;
        for (int c = 0; c < categories.size(); c++) {
            double total = 0;
            for (Series s : series) {
                Double v = s.values().get(c);
                total += v == null ? 0 : v;
            }
            max = Math.max(max, total);
        }
        int width = Math.max(520, ChartFrame.LEFT + ChartFrame.LEGEND_WIDTH + 40 + categories.size() * 70);
        ChartFrame f = new ChartFrame("stacked-bar", id, title, width, 320, ChartFrame.niceMax(max));
        f.axes(yTitle, null);
        double slot = f.plotWidth() / Math.max(1, categories.size());
        double barWidth = Math.min(48, slot * 0.6);
        double[] base = new double[categories.size()];
        for (int s = 0; s < series.size(); s++) {
            Series sr = series.get(s);
            f.svg.append("<g class=\"series\" data-series=\"").append(ChartFrame.attr(sr.name())).append("\" fill=\"").append(Palette.colour(s)).append("\">");
            for (int c = 0; c < categories.size(); c++) {
                Double v = sr.values().get(c);
                if (v == null || v <= 0) {
                    continue;
                }
                double x = ChartFrame.LEFT + slot * c + (slot - barWidth) / 2;
                double yTop = f.y(base[c] + v);
                double yBottom = f.y(base[c]);
                f.svg.append("<rect class=\"bar\" data-category=\"").append(ChartFrame.attr(categories.get(c))).append("\" data-value=\"")
                        .append(ChartFrame.tick4(v)).append("\" x=\"").append(ChartFrame.num(x)).append("\" y=\"").append(ChartFrame.num(yTop))
                        .append("\" width=\"").append(ChartFrame.num(barWidth)).append("\" height=\"").append(ChartFrame.num(yBottom - yTop))
                        .append("\"><title>").append(ChartFrame.text(categories.get(c) + " · " + sr.name() + ": " + ChartFrame.tick(v)))
                        .append("</title></rect>");
                base[c] += v;
            }
            f.svg.append("</g>");
        }
        for (int c = 0; c < categories.size(); c++) {
            f.categoryLabel(ChartFrame.LEFT + slot * (c + 0.5), categories.get(c), slot);
        }
        f.legend(series.stream().map(Series::name).toList());
        return f.end();
    }
}
