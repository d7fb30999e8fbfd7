package dev.ibench.activities.spend;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's spend section (docs/ledger.md): one table of attempts, tokens, cost and latency per cell, per model and
 * for the campaign, with its budgets. Added after the rest of the report in each format (md, json, html), so the
 * report's own layout stays as it is.
 */
public final class SpendReportSection {
    /** One row: what it is (cell id, {@code model NAME} or {@code campaign}) and its totals. */
    public record Row(String label, String model, SpendTotals totals) {}

    private final List<Row> rows;
    private final Map<String, Budget> budgets;

    private SpendReportSection(List<Row> rows, Map<String, Budget> budgets) {
        this.rows = rows;
        this.budgets = budgets;
    }

    public static SpendReportSection of(ResultsStore store, SpendStore spend, String campaignId) {
        List<Row> rows = new ArrayList<>();
        for (CellRecord cell : store.cells(campaignId)) {
            rows.add(new Row(cell.cellId(), cell.model(), spend.cellTotals(cell.cellId())));
        }
        spend.totalsByModel(campaignId).forEach((model, t) -> rows.add(new Row("model " + model, model, t)));
        rows.add(new Row("campaign", "", spend.totals(campaignId, null)));
        return new SpendReportSection(rows, spend.budgets(campaignId));
    }

    public List<Row> rows() {
        return rows;
    }

    /** The report text in {@code format} (md, json or html) with this section added. */
    public String appendTo(String format, String report) {
        return switch (format) {
            case "md" -> report.stripTrailing() + "\n\n" + markdown();
            case "json" -> json(report);
            case "html" -> html(report);
            default -> throw new IllegalArgumentException("unknown report format " + format);
        };
    }

    String markdown() {
        StringBuilder s = new StringBuilder("## Spend\n\nEvery model request, retried and failed attempts included; cache hits cost nothing "
                + "(docs/ledger.md).\n\n| cell / model | attempts | failed | cache hits | prompt tokens | completion tokens | cost USD | mean latency ms |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            String[] c = cells(r);
            s.append("| ").append(String.join(" | ", c)).append(" |\n");
        }
        budgets.forEach((scope, b) -> s.append("\nBudget of ").append(scope.isEmpty() ? "the campaign" : "model " + scope).append(": ")
                .append(b.describe()).append('\n'));
        return s.toString();
    }

    private String json(String report) {
        try {
            ObjectNode root = (ObjectNode) Json.MAPPER.readTree(report);
            ArrayNode out = root.putArray("spend");
            for (Row r : rows) {
                ObjectNode n = out.addObject();
                n.put("scope", r.label());
                n.put("attempts", r.totals().attempts());
                n.put("failed_attempts", r.totals().failedAttempts());
                n.put("cache_hits", r.totals().cacheHits());
                n.put("prompt_tokens", r.totals().promptTokens());
                n.put("completion_tokens", r.totals().completionTokens());
                if (r.totals().costUsd() == null) {
                    n.putNull("cost_usd");
                } else {
                    n.put("cost_usd", r.totals().costUsd());
                }
                n.put("latency_ms", r.totals().latencyMs());
            }
            ObjectNode b = root.putObject("budgets");
            budgets.forEach((scope, budget) -> b.set(scope.isEmpty() ? "campaign" : scope, Json.MAPPER.valueToTree(budget)));
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("the JSON report cannot take the spend section: " + e.getMessage(), e);
        }
    }

    private String html(String report) {
        StringBuilder s = new StringBuilder("<section id=\"spend\"><h2>Spend</h2><p>Every model request, retried and failed attempts "
                + "included; cache hits cost nothing.</p><table><thead><tr><th>cell / model</th><th>attempts</th><th>failed</th>"
                + "<th>cache hits</th><th>prompt tokens</th><th>completion tokens</th><th>cost USD</th><th>mean latency ms</th></tr>"
                + "</thead><tbody>");
        for (Row r : rows) {
            s.append("<tr>");
            for (String c : cells(r)) {
                s.append("<td>").append(escape(c)).append("</td>");
            }
            s.append("</tr>");
        }
        s.append("</tbody></table>");
        budgets.forEach((scope, b) -> s.append("<p>Budget of ").append(escape(scope.isEmpty() ? "the campaign" : "model " + scope))
                .append(": ").append(escape(b.describe())).append("</p>"));
        s.append("</section>");
        int end = report.lastIndexOf("</body>");
        return end < 0 ? report + s : report.substring(0, end) + s + report.substring(end);
    }

    private static String[] cells(Row r) {
        SpendTotals t = r.totals();
        return new String[] {r.label(), Long.toString(t.attempts()), Long.toString(t.failedAttempts()), Long.toString(t.cacheHits()),
                Long.toString(t.promptTokens()), Long.toString(t.completionTokens()),
                t.costUsd() == null ? "n/a" : String.format(Locale.ROOT, "%.6f", t.costUsd()),
                t.attempts() == 0 ? "" : Long.toString(t.latencyMs() / t.attempts())};
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
