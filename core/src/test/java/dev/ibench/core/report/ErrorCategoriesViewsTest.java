package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.report.html.HtmlReportRenderer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45 (seen in the demo): the Markdown (and terminal) report printed an {@code Error categories} table under every
 * cell, with a row per category even at 0 and a header with no rows for cells without categories (ReACT), while the
 * HTML chart showed only the categories hit. All views now show the categories a cell hit, the same in each; a cell
 * that classifies errors but hit none says "none"; a cell without categories shows no table.
 */
class ErrorCategoriesViewsTest {
    private static Map<String, Integer> categories(String hit, int count) {
        Map<String, Integer> all = new LinkedHashMap<>();
        for (BfclErrorCategory c : BfclErrorCategory.values()) {
            all.put(c.key(), c.key().equals(hit) ? count : 0);
        }
        return all;
    }

    private static CellReport cell(String model, String benchmark, String mode, Map<String, Integer> categories) {
        return new CellReport("c/" + model + "/" + benchmark + "/" + mode, model, benchmark, mode, 1, 1, 1, 0, 0, Map.of(), categories,
                List.of(), 0, "none");
    }

    private final CampaignReport report = new CampaignReport("demo-1", "demo", "now", List.of(
            cell("smollm2", "slot", "direct", categories("instruction_alignment_failure", 1)),
            cell("smollm2", "bfcl-simple", "direct", categories("value_error", 2)),
            cell("oracle", "slot", "direct", categories(null, 0)),
            cell("smollm2", "sel", "react", Map.of())));

    @Test
    void markdownListsTheCategoriesHitAndNoEmptyTable() {
        String md = MarkdownReportRenderer.render(report);
        String slot = section(md, "## smollm2 on slot (direct)");
        assertThat(slot).contains("| category | samples |", "| instruction_alignment_failure | 1 |").doesNotContain("| 0 |");
        assertThat(section(md, "## smollm2 on bfcl-simple (direct)")).contains("| value_error | 2 |").doesNotContain("| 0 |");
        assertThat(section(md, "## oracle on slot (direct)")).contains("Error categories (BFCL, samples over all trials): none.")
                .doesNotContain("| category | samples |");
        assertThat(section(md, "## smollm2 on sel (react)")).doesNotContain("Error categories");
    }

    @Test
    void theHtmlDetailsAndChartShowTheSameCategoriesAsTheMarkdown() {
        String html = HtmlReportRenderer.render(report);
        assertThat(html).contains("errors: instruction_alignment_failure", "errors: value_error").doesNotContain("errors: wrong_func_format");
        int chart = html.indexOf("<h2 id=\"errors\">");
        assertThat(chart).isPositive();
        String charts = html.substring(chart, html.indexOf("</div>", chart));
        assertThat(charts).contains("instruction_alignment_failure", "value_error").doesNotContain("wrong_func_format");
    }

    /** The Markdown of one cell: from its heading to the next heading. */
    private static String section(String md, String heading) {
        int start = md.indexOf(heading);
        assertThat(start).as(heading).isGreaterThanOrEqualTo(0);
        int next = md.indexOf("\n## ", start + heading.length());
        return next < 0 ? md.substring(start) : md.substring(start, next);
    }
}
