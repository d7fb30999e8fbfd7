package dev.ibench.workers.campaign.estimate;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A campaign's estimate ({@code campaign plan}, and the lines {@code campaign start} prints before it starts): one
 * {@link CellCostEstimate} per cell and the campaign's total in USD, at most (every answer {@code max_tokens} long) and
 * typical. Cached prompt tokens are not assumed: the estimate prices every prompt token as new input.
 */
public record CampaignCostEstimate(String campaign, List<CellCostEstimate> cells) {
    public CampaignCostEstimate {
        cells = List.copyOf(cells);
    }

    public long promptTokens() {
        return cells.stream().mapToLong(CellCostEstimate::promptTokens).sum();
    }

    /** The most the campaign can cost: null when a cell has no prices or was not estimated. */
    public Double usdBound() {
        double sum = 0;
        for (CellCostEstimate c : cells) {
            if (!c.estimated() || c.usdBound() == null) {
                return null;
            }
            sum += c.usdBound();
        }
        return sum;
    }

    /**
     * Why {@code --max-usd} refuses the campaign, when it does: its estimate at most is above {@code maxUsd}, or a cell's
     * cost cannot be estimated (no prices, or not estimated), so the limit cannot be checked.
     */
    public Optional<String> refusal(double maxUsd) {
        for (CellCostEstimate c : cells) {
            if (!c.estimated()) {
                return Optional.of("campaign " + campaign + " cannot be checked against --max-usd " + maxUsd + ": cell " + c.cell()
                        + " is not estimated (" + c.notEstimated() + ")");
            }
            if (c.usdBound() == null) {
                return Optional.of("campaign " + campaign + " cannot be checked against --max-usd " + maxUsd + ": cell " + c.cell()
                        + " has no prices (give its model price_per_million_input and price_per_million_output)");
            }
        }
        double bound = usdBound();
        return bound > maxUsd ? Optional.of(String.format(Locale.ROOT, "campaign %s is estimated at up to $%.6f, above --max-usd %s; "
                + "lower samples.limit, trials or max_tokens, or raise --max-usd", campaign, bound, maxUsd)) : Optional.empty();
    }

    public String shown() {
        StringBuilder s = new StringBuilder("estimate (cached prompt tokens not assumed; docs/campaigns.md#estimate):\n");
        for (CellCostEstimate c : cells) {
            s.append(c.shown()).append('\n');
        }
        Double bound = usdBound();
        Double typical = bound == null ? null : typicalUsd();
        s.append(String.format(Locale.ROOT, "total: prompt tokens %,d, USD %s", promptTokens(),
                bound == null ? "n/a (a cell has no prices or no estimate)" : CellCostEstimate.usd(bound) + " at most"
                        + (typical == null ? "" : ", typical " + CellCostEstimate.usd(typical))));
        return s.append('\n').toString();
    }

    private Double typicalUsd() {
        double sum = 0;
        for (CellCostEstimate c : cells) {
            if (c.usdTypical() == null) {
                return null;
            }
            sum += c.usdTypical();
        }
        return sum;
    }
}
