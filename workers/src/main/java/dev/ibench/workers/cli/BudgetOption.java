package dev.ibench.workers.cli;

import dev.ibench.core.campaign.Budget;
import java.util.Locale;

/** The value of {@code campaign resume --budget}: {@code usd=N}, {@code tokens=N} or both, comma-separated. */
final class BudgetOption {
    record Raise(Double usd, Long tokens) {}

    private BudgetOption() {}

    static Raise parse(String text) {
        Double usd = null;
        Long tokens = null;
        for (String part : text.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("expected usd=N and/or tokens=N, got '" + part.trim() + "'");
            }
            String key = kv[0].trim().toLowerCase(Locale.ROOT);
            String value = kv[1].trim();
            try {
                switch (key) {
                    case "usd" -> usd = Double.parseDouble(value);
                    case "tokens" -> tokens = Long.parseLong(value);
                    default -> throw new IllegalArgumentException("unknown limit '" + kv[0].trim() + "' (valid: usd, tokens)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + ": not a number: '" + value + "'");
            }
        }
        Budget b = new Budget(usd, tokens);
        if (!b.problems("budget").isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", b.problems("budget")));
        }
        return new Raise(usd, tokens);
    }
}
