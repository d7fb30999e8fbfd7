package dev.ibench.workers.campaign.estimate;

import java.util.Locale;

/**
 * What one cell of a campaign is estimated to use before it runs: its items (samples x trials), model calls per item
 * (1, or a ReACT cell's step budget as the bound), prompt tokens and how they were counted, output tokens bounded by
 * {@code max_tokens} and, when the store has earlier answers of the same profile, a typical figure from them, and USD at
 * the profile's normal prices for both (null: the profile has no prices). {@code notEstimated} says why a cell has no
 * figures (then every number is 0). {@code batchUsd} is the bound at the profile's (or the entry's {@code batch_settings})
 * batch prices, null while neither states one.
 */
public record CellCostEstimate(String cell, String profile, long items, int callsPerItem, long promptTokens, String promptHow,
                               long outputTokensBound, Long outputTokensTypical, String typicalFrom, Double usdBound,
                               Double usdTypical, Double batchUsd, String notEstimated) {

    static CellCostEstimate notEstimated(String cell, String profile, long items, String why) {
        return new CellCostEstimate(cell, profile, items, 0, 0, null, 0, null, null, null, null, null, why);
    }

    public boolean estimated() {
        return notEstimated == null;
    }

    /** The cell's lines as {@code campaign plan} prints them. */
    public String shown() {
        if (!estimated()) {
            return String.format(Locale.ROOT, "  %s: %,d item(s), not estimated: %s", cell, items, notEstimated);
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "  %s: %,d item(s)%s, profile %s%n", cell, items,
                callsPerItem == 1 ? "" : " x up to " + callsPerItem + " model calls", profile));
        s.append(String.format(Locale.ROOT, "      prompt tokens %,d (%s)%n", promptTokens, promptHow));
        s.append(String.format(Locale.ROOT, "      output tokens at most %,d (max_tokens)", outputTokensBound));
        s.append(outputTokensTypical == null ? ", typical: no earlier answers of this profile in the store"
                : String.format(Locale.ROOT, ", typical %,d (%s)", outputTokensTypical, typicalFrom));
        s.append(String.format(Locale.ROOT, "%n      USD %s", usd(usdBound)));
        if (usdBound != null) {
            s.append(" at most").append(usdTypical == null ? "" : ", typical " + usd(usdTypical));
        }
        s.append(batchUsd == null ? "; batch: n/a (no batch price in the profile)" : "; batch at most " + usd(batchUsd));
        return s.toString();
    }

    static String usd(Double usd) {
        return usd == null ? "n/a (no prices in the profile)" : String.format(Locale.ROOT, "$%.6f", usd);
    }
}
