package dev.ibench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MetricSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45 (seen in the demo): the "All cells" table, one column per denominator and headline metric with no wrapping
 * ({@code white-space: nowrap}), was wider than the page and widened the whole page. It now scrolls sideways in its own
 * box ({@code div.wide}, {@code overflow-x: auto}), so the page keeps its width.
 */
class SummaryTableWidthTest {
    @Test
    void theAllCellsTableScrollsInItsOwnBox() {
        CellReport cell = new CellReport("c/m/slot/direct", "smollm2-135m-instruct", "bird-superhero-slot", "direct", 1, 1, 1, 0, 0,
                Map.of("completion_rate", MetricSummary.of(List.of(0.0))), Map.of(), List.of(), 0, "none");
        String html = HtmlReportRenderer.render(new CampaignReport("demo-1", "demo", "now", List.of(cell)));
        int heading = html.indexOf("<h2 id=\"summary\">All cells</h2>");
        assertThat(heading).isPositive();
        assertThat(html.substring(heading)).startsWith("<h2 id=\"summary\">All cells</h2><div class=\"wide\"><table class=\"summary\">");
        int tableEnd = html.indexOf("</table>", heading);
        assertThat(html.substring(tableEnd)).startsWith("</table></div>");
        assertThat(html).contains(".wide{overflow-x:auto;max-width:100%}");
    }
}
