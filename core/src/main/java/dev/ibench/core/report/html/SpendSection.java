package dev.ibench.core.report.html;

import dev.ibench.core.report.SpendReport;

/** The campaign's spend from its ledger: attempts, tokens, cost and latency per cell, per model and in all, and its budgets. */
final class SpendSection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        SpendReport spend = data.spend();
        if (spend.isEmpty()) {
            return;
        }
        h.append("<section id=\"spend\"><h2>Spend</h2><p>Every model request, retried and failed attempts included; cache hits cost "
                + "nothing.</p><table class=\"spend\">");
        Html.header(h, SpendReport.COLUMNS.toArray(String[]::new));
        for (SpendReport.Row row : spend.rows()) {
            h.append("<tr data-scope=\"").append(Html.escape(row.label())).append("\">");
            row.shown().forEach(c -> Html.cell(h, c));
            h.append("</tr>");
        }
        h.append("</table>");
        spend.budgets().forEach((scope, b) -> h.append("<p class=\"budget\">Budget of ").append(Html.escape(SpendReport.scopeName(scope)))
                .append(": ").append(Html.escape(b.describe())).append("</p>"));
        h.append("</section>");
    }
}
