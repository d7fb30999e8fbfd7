package dev.ibench.workflows;

import java.util.Locale;

/**
 * How a cell's or a trajectory's spend reads in the UI's details and in {@code campaign status}: tokens, and cost in
 * USD. A paid call whose server reported no usage (and no tokenizer counted it) has unknown tokens, not 0: its count is
 * shown apart, and the tokens and cost shown are then lower bounds. Examples:
 * {@code 1,500 tokens · $0.0060}; {@code 1,500 tokens (+ 3 calls with unknown usage) · at least $0.0060};
 * {@code tokens unknown (3 calls without usage) · —} when no paid call reported usage. The cost is {@code —} when no
 * paid call had a price (the profile has none, or every priced call's tokens are unknown).
 */
public final class SpendText {
    private SpendText() {}

    public static String of(long tokens, Double costUsd, long tokensUnknownCalls) {
        String cost = costUsd == null ? "—" : String.format(Locale.ROOT, "$%.4f", costUsd);
        if (tokensUnknownCalls <= 0) {
            return String.format(Locale.ROOT, "%,d tokens · %s", tokens, cost);
        }
        String lowerBoundCost = costUsd == null ? cost : "at least " + cost;
        // a call that reports usage has at least one prompt token, so 0 known tokens means no paid call reported usage
        if (tokens == 0) {
            return String.format(Locale.ROOT, "tokens unknown (%s without usage) · %s", calls(tokensUnknownCalls), lowerBoundCost);
        }
        return String.format(Locale.ROOT, "%,d tokens (+ %s with unknown usage) · %s", tokens, calls(tokensUnknownCalls), lowerBoundCost);
    }

    private static String calls(long n) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "call" : "calls");
    }
}
