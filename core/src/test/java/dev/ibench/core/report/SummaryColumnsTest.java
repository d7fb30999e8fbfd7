package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.report.html.HtmlReportRenderer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The summary table shows the metric columns that apply to some cell (docs/reports.md#the-summary-table): a BFCL
 * multi-turn cell has its official accuracy (completion_rate) and its per-turn accuracy, no intent, slot, LCS or
 * sequence metric, so a campaign of such cells shows those two columns, not four columns of dashes.
 */
class SummaryColumnsTest {
    private static final String STANDING_HEADERS = "| state | planned | scored | rejected | infra errors | pending | completion / scored | completion / planned |";

    /** 4 entries of one trial: 2 all-or-nothing correct (0.5), 9 of 12 turns correct (0.75). */
    private static CellReport multiTurn() {
        Map<String, MetricSummary> m = new LinkedHashMap<>();
        m.put("completion_rate", MetricSummary.of(List.of(0.5)));
        m.put("bfcl.accuracy.multi_turn_base", MetricSummary.of(List.of(0.5)));
        m.put("bfcl.multi_turn.turn_accuracy", MetricSummary.of(List.of(0.75)));
        m.put("bfcl.multi_turn.entries", MetricSummary.of(List.of(4.0)));
        m.put("bfcl.multi_turn.turns_checked", MetricSummary.of(List.of(12.0)));
        return new CellReport("c/m/bfcl-mt/react", "m", "bfcl-mt", "react", 4, 1, 4, 0, 0, m, Map.of(), List.of());
    }

    private static CellReport slot() {
        Map<String, MetricSummary> m = new LinkedHashMap<>();
        List.of("intent.list.f1", "intent.set.f1", "slot.f1", "completion_rate", "lcs.f1", "sequence.full")
                .forEach(k -> m.put(k, MetricSummary.of(List.of(0.9))));
        return new CellReport("c/m/slot/direct", "m", "slot", "direct", 4, 1, 4, 0, 0, m, Map.of(), List.of());
    }

    private static List<String> lines(String md) {
        return md.lines().toList();
    }

    @Test
    void aCampaignOfMultiTurnCellsShowsAccuracyAndTurnAccuracyOnly() {
        String md = MarkdownReportRenderer.render(new CampaignReport("c", "mt", "t", List.of(multiTurn())));
        assertThat(lines(md)).contains("| model | benchmark | mode " + STANDING_HEADERS + " completion_rate | bfcl.multi_turn.turn_accuracy |")
                .contains("| m | bfcl-mt | react | completed | 4 | 4 | 0 | 0 | 0 | – | – | 0.500 | 0.750 |");
        assertThat(md).doesNotContain("slot.f1 |").doesNotContain("| – | – | – | 0.500");
    }

    @Test
    void aMixedCampaignShowsEveryColumnThatAppliesToSomeCellAndDashesWhereItDoesNot() {
        CampaignReport report = new CampaignReport("c", "mixed", "t", List.of(slot(), multiTurn()));
        String md = MarkdownReportRenderer.render(report);
        assertThat(lines(md)).contains("| model | benchmark | mode " + STANDING_HEADERS
                        + " intent.list.f1 | intent.set.f1 | slot.f1 | completion_rate | lcs.f1 | sequence.full | bfcl.multi_turn.turn_accuracy |")
                .contains("| m | slot | direct | completed | 4 | 4 | 0 | 0 | 0 | – | – | 0.900 | 0.900 | 0.900 | 0.900 | 0.900 | 0.900 | – |")
                .contains("| m | bfcl-mt | react | completed | 4 | 4 | 0 | 0 | 0 | – | – | – | – | – | 0.500 | – | – | 0.750 |");
        String html = HtmlReportRenderer.render(report);
        assertThat(html).contains("<th>sequence.full</th><th>bfcl.multi_turn.turn_accuracy</th></tr>");
    }

    @Test
    void withoutMultiTurnCellsTheColumnsAreTheHeadlineOnes() {
        assertThat(ReportMetrics.headline(List.of(slot()))).isEqualTo(ReportMetrics.HEADLINE);
        assertThat(ReportMetrics.headline(List.of(multiTurn()))).containsExactly("completion_rate", ReportMetrics.TURN_ACCURACY);
    }
}
