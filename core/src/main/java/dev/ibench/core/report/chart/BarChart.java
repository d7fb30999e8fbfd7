package dev.ibench.core.report.chart;

import java.util.List;

/**
 * Grouped vertical bars: one group per category, one bar per series, each with its error bar (e.g. the spread over
 * trials). Every bar is a {@code rect.bar} carrying {@code data-category} and {@code data-value}, inside the
 * series' {@code g.series[data-series]}.
 */
public final class BarChart {
    private BarChart() {}

    /** @param yMax the top of the y axis; 0 picks one from the data */
    public static String render(String id, String title, String yTitle, List<String> categories, List<Series> series, double yMax) {
        double top = yMax > 0 ? yMax : ChartFrame.niceMax(max(series));
        int width = Math.max(520, ChartFrame.LEFT + ChartFrame.LEGEND_WIDTH + 40 + categories.size() * Math.max(longest(categories) > 12 ? 110 : 70, series.size() * 24));
        ChartFrame f = new ChartFrame("bar", id, title, width, 320, top);
        f.axes(yTitle, null);
        double slot = f.plotWidth() / Math.max(1, categories.size());
        double barWidth = Math.min(36, slot * 0.8 / Math.max(1, series.size()));
        for (int s = 0; s < series.size(); s++) {
            Series sr = series.get(s);
            f.svg.append("<g class=\"series\" data-series=\"").append(ChartFrame.attr(sr.name())).append("\" fill=\"").append(Palette.colour(s)).append("\">");
            for (int c = 0; c < categories.size(); c++) {
                Double v = sr.values().get(c);
                if (v == null) {
                    continue;
                }
                double x = ChartFrame.LEFT + slot * c + (slot - barWidth * series.size()) / 2 + barWidth * s;
                double y = f.y(v);
                f.svg.append("<rect class=\"bar\" data-category=\"").append(ChartFrame.attr(categories.get(c))).append("\" data-value=\"")
                        .append(ChartFrame.tick4(v)).append("\" x=\"").append(ChartFrame.num(x)).append("\" y=\"").append(ChartFrame.num(y))
                        .append("\" width=\"").append(ChartFrame.num(barWidth - 2)).append("\" height=\"").append(ChartFrame.num(f.y(0) - y))
                        .append("\"><title>").append(ChartFrame.text(sr.name() + " · " + categories.get(c) + ": " + ChartFrame.tick4(v)))
                        .append("</title></rect>");
                f.errorBar(x + (barWidth - 2) / 2, v, sr.error(c));
            }
            f.svg.append("</g>");
        }
        for (int c = 0; c < categories.size(); c++) {
            f.categoryLabel(ChartFrame.LEFT + slot * (c + 0.5), categories.get(c), slot);
        }
        f.legend(series.stream().map(Series::name).toList());
        return f.end();
    }

    private static int longest(List<String> categories) {
        return categories.stream().mapToInt(String::length).max().orElse(0);
    }

    private static double max(List<Series> series) {
        double max = 0;
        for (Series s : series) {
            for (int i = 0; i < s.values().size(); i++) {
                Double v = s.values().get(i);
                if (v != null) {
                    max = Math.max(max, v + s.error(i));
                }
            }
        }
        return max;
    }
}
