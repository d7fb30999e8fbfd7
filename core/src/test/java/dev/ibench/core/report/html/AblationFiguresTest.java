package dev.ibench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.ablation.UniverseSize;
import dev.ibench.core.report.BenchmarkUniverse;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.MetricSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Figures 3 and 4 from ReACT cells first, named as the seed's; direct-cell charts labelled as such; Table 4's rows. */
class AblationFiguresTest {
    private static CellReport cell(String mode, String ablation, double completion) {
        String id = "c/m/rest/" + mode + (ablation.equals("none") ? "" : "/" + ablation);
        return new CellReport(id, "m", "rest", mode, 4, 1, 4, 0, 0, Map.of("completion_rate", MetricSummary.of(List.of(completion))),
                Map.of(), List.of(), 0, ablation);
    }

    @Test
    void reactChartsComeFirstAsTheSeedsFiguresAndTable4ListsTheUniverse() {
        List<CellReport> cells = new ArrayList<>();
        for (String mode : List.of("direct", "react")) {
            cells.add(cell(mode, "none", 0.5));
            cells.add(cell(mode, "obfuscated", 0.25));
            cells.add(cell(mode, "universe:10", 0.75));
            cells.add(cell(mode, "universe:100", 0.5));
        }
        CampaignReport report = new CampaignReport("c", "c", "now", cells, java.util.Map.of(), List.of(new BenchmarkUniverse("rest", new UniverseSize("superhero", 109))));
        String html = HtmlReportRenderer.render(report);
        int reactFigure3 = html.indexOf("Figure 3 (ReACT): obfuscated vs plain tool names");
        int directFigure3 = html.indexOf("Figure 3, direct cells (direct): obfuscated vs plain tool names");
        assertThat(reactFigure3).isPositive();
        assertThat(directFigure3).isGreaterThan(reactFigure3);
        assertThat(html).contains("Figure 4 (ReACT): rest, tool universe shown").contains("Figure 4, direct cells (direct): rest");
        // seed Table 4's superhero row: 109 tools -> 10, 27, 54, 81, 109
        assertThat(html).contains("<td class=\"label\">superhero</td><td>10</td><td>27</td><td>54</td><td>81</td><td>109</td>");
        assertThat(MarkdownReportRenderer.render(report)).contains("| rest | superhero | 10 | 27 | 54 | 81 | 109 |");
        assertThat(JsonReportRenderer.render(report)).contains("\"tool_universes\"").contains("\"25%\" : 27");
    }
}
