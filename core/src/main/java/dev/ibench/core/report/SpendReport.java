package dev.ibench.core.report;

import dev.ibench.core.campaign.Budget;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a campaign spent according to its ledger (docs/ledger.md): one row per cell, per model and for the campaign,
 * and the budgets by scope ({@code ""} for the campaign, else a model name). Every report format shows it.
 */
public record SpendReport(List<Row> rows, Map<String, Budget> budgets) {
    public static final SpendReport NONE = new SpendReport(List.of(), Map.of());

    /** The table's column names, in order. */
    public static final List<String> COLUMNS = List.of("cell / model", "attempts", "failed", "cache hits", "prompt tokens",
            "completion tokens", "cost USD", "mean latency ms");

    /**
     * One scope's totals: provider attempts (failed ones among them), cache hits, tokens of the attempts, cost in USD
     * (null when no entry had prices) and summed latency of the attempts. {@code tokensUnknown}: answers whose tokens
     * are unknown (no usage block, no tokenizer); the tokens and cost leave them out, so they are lower bounds then.
     * {@code cachedPromptTokens}: the prompt tokens the servers read from their prompt cache; {@code cachedAtInputPrice}
     * those of them charged at the new-input price because the profile states no cached-input price.
     */
    public record Row(String label, long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens,
                      Double costUsd, long latencyMs, long tokensUnknown, long cachedPromptTokens, long cachedAtInputPrice) {
        public Row(String label, long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens,
                   Double costUsd, long latencyMs, long tokensUnknown) {
            this(label, attempts, failedAttempts, cacheHits, promptTokens, completionTokens, costUsd, latencyMs, tokensUnknown, 0, 0);
        }

        public Row(String label, long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens,
                   Double costUsd, long latencyMs) {
            this(label, attempts, failedAttempts, cacheHits, promptTokens, completionTokens, costUsd, latencyMs, 0, 0, 0);
        }

        /**
         * The row's cells as shown, one per {@link #COLUMNS} entry: cost {@code n/a} without prices, no latency without
         * attempts; with answers of unknown tokens, the token and cost cells say so ({@code 1200 + tokens unknown (3 answers)});
         * with cached prompt tokens, the prompt cell gives their share ({@code 1200 (800 cached, 66.7%)}) and the cost cell
         * says when some were priced as new input ({@code 0.001200 (800 cached tokens at the input price)}).
         */
        public List<String> shown() {
            String unknown = tokensUnknown == 0 ? "" : " + tokens unknown (" + tokensUnknown + (tokensUnknown == 1 ? " answer)" : " answers)");
            String cost = costUsd == null ? "n/a" : String.format(Locale.ROOT, "%.6f", costUsd);
            String cached = cachedPromptTokens == 0 ? "" : " (" + CachedShare.of(cachedPromptTokens, promptTokens) + ")";
            String shownCost = tokensUnknown == 0 || costUsd == null ? cost : cost + unknown;
            if (costUsd != null && cachedAtInputPrice > 0) {
                shownCost += " (" + cachedAtInputPrice + " cached tokens at the input price)";
            }
            return List.of(label, Long.toString(attempts), Long.toString(failedAttempts), Long.toString(cacheHits),
                    promptTokens + cached + unknown, completionTokens + unknown, shownCost,
                    attempts == 0 ? "" : Long.toString(latencyMs / attempts));
        }
    }

    public SpendReport {
        rows = List.copyOf(rows);
        budgets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(budgets));
    }

    public boolean isEmpty() {
        return rows.isEmpty() && budgets.isEmpty();
    }

    /** {@code the campaign} or {@code model NAME}. */
    public static String scopeName(String scope) {
        return scope.isEmpty() ? "the campaign" : "model " + scope;
    }
}
