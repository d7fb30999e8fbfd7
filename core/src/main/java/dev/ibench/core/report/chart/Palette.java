package dev.ibench.core.report.chart;

/** Series colours: a colour-blind-safe qualitative palette (Okabe-Ito), cycled. */
final class Palette {
    private static final String[] COLOURS = {
        "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000", "#999999"
    };

    private Palette() {}

    static String colour(int index) {
        return COLOURS[Math.floorMod(index, COLOURS.length)];
    }
}
