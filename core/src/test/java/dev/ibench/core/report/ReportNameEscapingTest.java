package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.report.export.SampleScoresExport;
import dev.ibench.core.report.html.HtmlReportRenderer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45 (B6): names stored before {@code campaign start} refused unsafe ones (or coming from a store) reach every view
 * of the report. None may act on the terminal, break a table row or a CSV row, or run as a spreadsheet formula.
 */
class ReportNameEscapingTest {
    private static final String NAME = "a\u001b[31mb/<script>|x";
    private static final String ESCAPED = "a\\u001b[31mb/<script>\\|x";

    private final CampaignReport report = new CampaignReport("c-1", "camp\u001b]0;t\u0007", "now", List.of(
            new CellReport("c-1/" + NAME + "/" + NAME + "/direct", NAME, NAME, "direct", 1, 1, 1, 0, 0, Map.of(), Map.of(),
                    List.of(), 0, "none")));

    @Test
    void markdownShowsControlCharactersEscapedInTheTitleTheTableAndTheHeadings() {
        String md = MarkdownReportRenderer.render(report);
        assertThat(md).doesNotContain("\u001b", "\u0007");
        assertThat(md).startsWith("# Campaign camp\\u001b]0;t\\u0007 (`c-1`)");
        assertThat(md).contains("| " + ESCAPED + " | " + ESCAPED + " | direct |");
        assertThat(md).contains("\n## " + ESCAPED + " on " + ESCAPED + " (direct)\n");
    }

    @Test
    void htmlShowsTheNameAsTextNotMarkup() {
        String html = HtmlReportRenderer.render(report);
        assertThat(html).doesNotContain("<script>|x").contains("b/&lt;script&gt;|x");
    }

    @Test
    void csvEscapesControlCharactersAndQuotesNamesThatCouldBreakARow() {
        List<SampleRow> rows = List.of(new SampleRow("cell", "m\r\n\"x", NAME, "direct", "none", "s,1", 0, "scored", Map.of(), null));
        String csv = SampleScoresExport.csv("c", rows);
        assertThat(csv.split("\n")).hasSize(2);
        assertThat(csv.split("\n")[1]).isEqualTo("c,cell,\"m\\u000d\\u000a\"\"x\",a\\u001b[31mb/<script>|x,direct,none,\"s,1\",0,scored,,");
    }

    @Test
    void csvPrefixesCellsThatASpreadsheetWouldRunAsAFormula() {
        List<SampleRow> rows = List.of(
                new SampleRow("cell", "=HYPERLINK(\"http://x\")", "+1", "direct", "none", "-2", 0, "scored", Map.of("f1", -0.5), null),
                new SampleRow("cell", "@SUM(A1)", "b", "direct", "none", "ok-1", 1, "scored", Map.of("f1", 1.0), null));
        String[] lines = SampleScoresExport.csv("c", rows).split("\n");
        assertThat(lines[1]).isEqualTo("c,cell,\"'=HYPERLINK(\"\"http://x\"\")\",'+1,direct,none,'-2,0,scored,,,-0.5");
        assertThat(lines[2]).isEqualTo("c,cell,'@SUM(A1),b,direct,none,ok-1,1,scored,,,1");
    }
}
