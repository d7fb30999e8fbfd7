package dev.ibench.core.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChartsTest {
    /** Plot height of a 320-unit chart: 320 - top 34 - bottom 84. */
    private static final double PLOT = 202;

    private static List<Double> numbers(String svg, String regex) {
        List<Double> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(svg);
        while (m.find()) {
            found.add(Double.valueOf(m.group(1)));
        }
        return found;
    }

    @Test
    void barHeightsAreProportionalToTheValuesAndMissingValuesDrawNoBar() {
        String svg = BarChart.render("c", "t", "y", List.of("a", "b"),
                List.of(new Series("m<1>", Arrays.asList(0.5, null), Arrays.asList(0.1, null)), new Series("m2", List.of(0.25, 1.0))), 1.0);
        assertThat(svg).contains("data-series=\"m&lt;1&gt;\"").doesNotContain("m<1>");
        assertThat(numbers(svg, "class=\"bar\"[^>]*height=\"([0-9.]+)\"")).containsExactly(PLOT / 2, PLOT / 4, PLOT);
        assertThat(numbers(svg, "class=\"error-bar\" data-error=\"([0-9.]+)\"")).containsExactly(0.1);
    }

    @Test
    void stackedSegmentsAddUpToTheTotalAndZerosAreLeftOut() {
        String svg = StackedBarChart.render("c", "t", "y", List.of("m1", "m2"),
                List.of(new Series("x", List.of(1.0, 0.0)), new Series("y", List.of(3.0, 2.0))));
        // totals 4 and 2: the axis goes to 5; segments 1, 3 and 2 of 5
        assertThat(numbers(svg, "class=\"bar\"[^>]*height=\"([0-9.]+)\"")).containsExactly(PLOT / 5, 3 * PLOT / 5, 2 * PLOT / 5);
    }

    @Test
    void linePointsSitAtTheirValues() {
        String svg = LineChart.render("c", "t", "x", "y", List.of(25.0, 100.0), List.of(new Series("m", List.of(0.5, 1.0))), 1.0);
        // y of a value v: top 34 + plot * (1 - v)
        assertThat(numbers(svg, "class=\"point\"[^>]*cy=\"([0-9.]+)\"")).containsExactly(34 + PLOT / 2, 34.0);
        assertThat(svg).contains("data-x=\"25\" data-value=\"0.5000\"");
    }
}
