package dev.ibench.core.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines over a numeric x axis (e.g. completion rate against the share of the tool universe shown, seed 000 Figure 4):
 * one {@code polyline.line} per series through its {@code circle.point}s ({@code data-x}, {@code data-value}), each
 * with its error bar. The x axis runs from the smallest to the largest x given.
 */
public final class LineChart {
    private LineChart() {}

    public static String render(String id, String title, String xTitle, String yTitle, List<Double> xs, List<Series> series, double yMax) {
        double top = yMax > 0 ? yMax : ChartFrame.niceMax(series.stream().flatMap(s -> s.values().stream())
                .filter(v -> v != null).mapToDouble(Double::doubleValue).max().orElse(1));
        ChartFrame f = new ChartFrame("line", id, title, 620, 320, top);
        f.axes(yTitle, xTitle);
        double minX = xs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double maxX = xs.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        double span = maxX - minX == 0 ? 1 : maxX - minX;
        double inset = 16;
        List<Double> px = new ArrayList<>();
        for (double x : xs) {
            px.add(ChartFrame.LEFT + inset + (f.plotWidth() - 2 * inset) * (x - minX) / span);
        }
        for (int i = 0; i < xs.size(); i++) {
            f.categoryLabel(px.get(i), ChartFrame.tick(xs.get(i)), 60);
        }
        for (int s = 0; s < series.size(); s++) {
            Series sr = series.get(s);
            String colour = Palette.colour(s);
            f.svg.append("<g class=\"series\" data-series=\"").append(ChartFrame.attr(sr.name())).append("\">");
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < xs.size(); i++) {
                Double v = sr.values().get(i);
                if (v != null) {
                    points.append(ChartFrame.num(px.get(i))).append(',').append(ChartFrame.num(f.y(v))).append(' ');
                }
            }
            f.svg.append("<polyline class=\"line\" fill=\"none\" stroke-width=\"2\" stroke=\"").append(colour).append("\" points=\"")
                    .append(points.toString().trim()).append("\"/>");
            for (int i = 0; i < xs.size(); i++) {
                Double v = sr.values().get(i);
                if (v == null) {
                    continue;
                }
                f.errorBar(px.get(i), v, sr.error(i));
                f.svg.append("<circle class=\"point\" r=\"4\" fill=\"").append(colour).append("\" data-x=\"").append(ChartFrame.tick(xs.get(i)))
                        .append("\" data-value=\"").append(ChartFrame.tick4(v)).append("\" cx=\"").append(ChartFrame.num(px.get(i)))
                        .append("\" cy=\"").append(ChartFrame.num(f.y(v))).append("\"><title>")
                        .append(ChartFrame.text(sr.name() + " at " + ChartFrame.tick(xs.get(i)) + ": " + ChartFrame.tick4(v)))
                        .append("</title></circle>");
            }
            f.svg.append("</g>");
        }
        f.legend(series.stream().map(Series::name).toList());
        return f.end();
    }
}
