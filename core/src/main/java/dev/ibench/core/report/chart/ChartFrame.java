package dev.ibench.core.report.chart;

import java.util.List;
import java.util.Locale;

/**
 * The parts every chart shares: the SVG element, plot area, a linear y axis from 0 with grid lines, axis titles and
 * the legend. Coordinates are in SVG user units; the plot area is {@code [left, left+plotWidth] x [top, top+plotHeight]}.
 */
final class ChartFrame {
    static final int LEFT = 56;
    static final int TOP = 34;
    static final int BOTTOM = 84;
    static final int LEGEND_WIDTH = 230;

    final int width;
    final int height;
    final double yMax;
    final StringBuilder svg = new StringBuilder();

    ChartFrame(String kind, String id, String title, int width, int height, double yMax) {
        this.width = width;
        this.height = height;
        this.yMax = yMax <= 0 ? 1 : yMax;
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-chart=\"").append(attr(id))
                .append("\" data-kind=\"").append(kind).append("\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height).append("\" role=\"img\">")
                .append("<title>").append(text(title)).append("</title>")
                .append("<text x=\"").append(width / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">")
                .append(text(title)).append("</text>");
    }

    double plotWidth() {
        return width - LEFT - LEGEND_WIDTH - 10;
    }

    double plotHeight() {
        return height - TOP - BOTTOM;
    }

    double y(double value) {
        return TOP + plotHeight() * (1 - Math.min(value, yMax) / yMax);
    }

    /** Horizontal grid lines with tick labels at fifths of the y range, the y axis title and the x axis line. */
    void axes(String yTitle, String xTitle) {
        for (int i = 0; i <= 5; i++) {
            double v = yMax * i / 5;
            double y = y(v);
            svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(num(LEFT + plotWidth())).append("\" y1=\"")
                    .append(num(y)).append("\" y2=\"").append(num(y)).append("\" stroke=\"#ddd\"/>")
                    .append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(num(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\">").append(tick(v)).append("</text>");
        }
        svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(num(LEFT + plotWidth())).append("\" y1=\"").append(num(y(0)))
                .append("\" y2=\"").append(num(y(0))).append("\" stroke=\"#333\"/>");
        svg.append("<text transform=\"translate(14,").append(num(TOP + plotHeight() / 2)).append(") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">")
                .append(text(yTitle)).append("</text>");
        if (xTitle != null) {
            svg.append("<text x=\"").append(num(LEFT + plotWidth() / 2)).append("\" y=\"").append(height - 6)
                    .append("\" text-anchor=\"middle\" font-size=\"12\">").append(text(xTitle)).append("</text>");
        }
    }

    void legend(List<String> names) {
        svg.append("<g class=\"legend\">");
        double x = LEFT + plotWidth() + 16;
        for (int i = 0; i < names.size(); i++) {
            double y = TOP + 4 + i * 18;
            svg.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(Palette.colour(i)).append("\"/><text x=\"").append(num(x + 18)).append("\" y=\"").append(num(y + 10))
                    .append("\" font-size=\"11\">").append(text(shorten(names.get(i), 34))).append("</text>");
        }
        svg.append("</g>");
    }

    /** A category label under the x axis, rotated when it is wider than its slot (about 6.2 units per character). */
    void categoryLabel(double centre, String label, double slotWidth) {
        String shown = shorten(label, 28);
        double y = y(0) + 14;
        if (shown.length() * 6.2 > slotWidth - 4) {
            svg.append("<text x=\"").append(num(centre)).append("\" y=\"").append(num(y)).append("\" text-anchor=\"end\" font-size=\"11\" transform=\"rotate(-20 ")
                    .append(num(centre)).append(' ').append(num(y)).append(")\">").append(text(shown)).append("</text>");
        } else {
            svg.append("<text x=\"").append(num(centre)).append("\" y=\"").append(num(y)).append("\" text-anchor=\"middle\" font-size=\"11\">")
                    .append(text(shown)).append("</text>");
        }
    }

    /** A vertical error bar of half-width {@code error} around {@code value} at {@code x}; nothing for no error. */
    void errorBar(double x, double value, double error) {
        if (error <= 0) {
            return;
        }
        double lo = y(Math.max(0, value - error));
        double hi = y(value + error);
        svg.append("<path class=\"error-bar\" data-error=\"").append(tick4(error)).append("\" stroke=\"#222\" fill=\"none\" d=\"M")
                .append(num(x)).append(' ').append(num(lo)).append(" V").append(num(hi))
                .append(" M").append(num(x - 4)).append(' ').append(num(lo)).append(" H").append(num(x + 4))
                .append(" M").append(num(x - 4)).append(' ').append(num(hi)).append(" H").append(num(x + 4)).append("\"/>");
    }

    String end() {
        return svg.append("</svg>").toString();
    }

    /** The smallest "nice" upper bound (1, 2 or 5 times a power of ten) at or above {@code max}. */
    static double niceMax(double max) {
        if (max <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(max)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= max - 1e-12) {
                return m * p;
            }
        }
        return 10 * p;
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String tick(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    static String tick4(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    static String text(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    static String attr(String s) {
        return text(s).replace("\"", "&quot;");
    }
}
