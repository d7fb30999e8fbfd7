package dev.ibench.activities.spend;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.SpendReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's spend section (docs/ledger.md) read from the ledger: one row of attempts, tokens, cost and latency per
 * cell, per model and for the campaign, with its budgets. The HTML report renders {@link #report()} as one of its
 * sections ({@code SpendSection}); the md and json reports get it added after their own content ({@link #appendTo}).
 */
public final class SpendReportSection {
    private final SpendReport report;

    private SpendReportSection(SpendReport report) {
        this.report = report;
    }

    public static SpendReportSection of(ResultsStore store, SpendStore spend, String campaignId) {
        List<SpendReport.Row> rows = new ArrayList<>();
        for (CellRecord cell : store.cells(campaignId)) {
            rows.add(row(cell.cellId(), spend.cellTotals(cell.cellId())));
        }
        spend.totalsByModel(campaignId).forEach((model, t) -> rows.add(row("model " + model, t)));
        rows.add(row("campaign", spend.totals(campaignId, null)));
        return new SpendReportSection(new SpendReport(rows, spend.budgets(campaignId)));
    }

    private static SpendReport.Row row(String label, SpendTotals t) {
        return new SpendReport.Row(label, t.attempts(), t.failedAttempts(), t.cacheHits(), t.promptTokens(), t.completionTokens(),
                t.costUsd(), t.latencyMs(), t.tokensUnknownAnswers(), t.cachedPromptTokens(), t.cachedAtInputPrice());
    }

    /** The spend as the report model has it (the HTML report's section). */
    public SpendReport report() {
        return report;
    }

    public List<SpendReport.Row> rows() {
        return report.rows();
    }

    /** The {@code md} or {@code json} report text with this section added (html renders {@link #report()} itself). */
    public String appendTo(String format, String text) {
        return switch (format) {
            case "md" -> text.stripTrailing() + "\n\n" + markdown();
            case "json" -> json(text);
            default -> throw new IllegalArgumentException("the spend section is added to md or json reports, not " + format
                    + " (the html report renders it as its SpendSection)");
        };
    }

    String markdown() {
        StringBuilder s = new StringBuilder("## Spend\n\nEvery model request, retried and failed attempts included; cache hits cost nothing "
                + "(docs/ledger.md).\n\n| " + String.join(" | ", SpendReport.COLUMNS) + " |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (SpendReport.Row r : report.rows()) {
            s.append("| ").append(String.join(" | ", r.shown())).append(" |\n");
        }
        report.budgets().forEach((scope, b) -> s.append("\nBudget of ").append(SpendReport.scopeName(scope)).append(": ")
                .append(b.describe()).append('\n'));
        return s.toString();
    }

    private String json(String text) {
        try {
            ObjectNode root = (ObjectNode) Json.MAPPER.readTree(text);
            root.setAll(jsonFields());
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("the JSON report cannot take the spend section: " + e.getMessage(), e);
        }
    }

    /** The fields the JSON report ends with, in order: {@code spend} (a row per scope) and {@code budgets}. */
    public ObjectNode jsonFields() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode out = root.putArray("spend");
        for (SpendReport.Row r : report.rows()) {
            ObjectNode n = out.addObject();
            n.put("scope", r.label());
            n.put("attempts", r.attempts());
            n.put("failed_attempts", r.failedAttempts());
            n.put("cache_hits", r.cacheHits());
            n.put("prompt_tokens", r.promptTokens());
            n.put("cached_prompt_tokens", r.cachedPromptTokens());
            n.put("cached_tokens_at_input_price", r.cachedAtInputPrice());
            n.put("completion_tokens", r.completionTokens());
            if (r.costUsd() == null) {
                n.putNull("cost_usd");
            } else {
                n.put("cost_usd", r.costUsd());
            }
            n.put("latency_ms", r.latencyMs());
            n.put("tokens_unknown_answers", r.tokensUnknown());
        }
        ObjectNode b = root.putObject("budgets");
        report.budgets().forEach((scope, budget) -> b.set(scope.isEmpty() ? "campaign" : scope, Json.MAPPER.valueToTree(budget)));
        return root;
    }
}
