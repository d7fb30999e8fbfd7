package dev.ibench.workers.campaign;

import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.campaign.EscapedText;
import dev.ibench.core.report.CachedShare;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a campaign's status for the terminal: per cell a progress bar of items finished (scored, rejected or
 * infra_error), what the finished items came to (correct answers among the scored ones, infra errors, rejections,
 * items deferred by a budget), rate, ETA and spend (the ledger's; without it, what the cell's finished calls reported,
 * calls with unknown usage apart); then the campaign's spend per model against its budgets.
 */
public final class CampaignStatusView {
    private CampaignStatusView() {}

    /**
     * A cell as status shows it: the campaign's entry, the live progress of its workflow (null: none), its spend
     * (null: not read), its items waiting for a raised budget, and the warnings its answers recorded (e.g. a server that
     * ignored the profile's constrained output).
     */
    public record CellView(CampaignStatus.CellEntry entry, CellProgress live, SpendTotals spend, int deferred,
                           List<ErrorCount> warnings) {
        public CellView {
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
        }

        public CellView(CampaignStatus.CellEntry entry, CellProgress live) {
            this(entry, live, null, 0, List.of());
        }

        public CellView(CampaignStatus.CellEntry entry, CellProgress live, SpendTotals spend, int deferred) {
            this(entry, live, spend, deferred, List.of());
        }

        public CellView(CampaignStatus.CellEntry entry, CellProgress live, List<ErrorCount> warnings) {
            this(entry, live, null, 0, warnings);
        }
    }

    /** The campaign's spend by model and its budgets (scope "" is the campaign's own), for the footer. */
    public record Spend(SpendTotals campaign, Map<String, SpendTotals> byModel, Map<String, Budget> budgets) {}

    public static String render(CampaignStatus status, List<CellView> cells) {
        return render(status, cells, null);
    }

    public static String render(CampaignStatus status, List<CellView> cells, Spend spend) {
        StringBuilder out = new StringBuilder();
        out.append("campaign ").append(status.campaignId()).append(" (").append(EscapedText.of(status.name())).append("): ")
                .append(status.state()).append('\n');
        if (status.pauseReason() != null) {
            out.append("  paused: ").append(status.pauseReason()).append('\n');
        }
        for (CellView cell : cells) {
            CampaignStatus.CellEntry e = cell.entry();
            int total = e.workItems();
            int done = cell.live() != null ? cell.live().done() : e.state() == CellState.COMPLETED ? total : 0;
            double fraction = total == 0 ? 1.0 : (double) done / total;
            out.append(String.format(Locale.ROOT, "  %-44s %s %5.1f%% %d/%d finished", EscapedText.of(e.model() + " / " + e.benchmark() + " / " + e.mode()),
                    bar(fraction), 100 * fraction, done, total));
            out.append("  [").append(cell.live() != null ? cell.live().state() : e.state()).append(']');
            if (cell.live() != null) {
                CellProgress p = cell.live();
                int infra = Math.max(0, p.infraErrors() - cell.deferred());
                int scored = Math.max(0, p.done() - p.infraErrors() - p.rejected());
                out.append(String.format(Locale.ROOT, "\n      correct %d of %d scored", p.completed(), scored));
                if (scored > 0) {
                    out.append(String.format(Locale.ROOT, " (%.1f%%)", 100.0 * p.completed() / scored));
                }
                out.append(String.format(Locale.ROOT, "  infra_errors %d  rejected %d  deferred %d  in flight %d",
                        infra, p.rejected(), cell.deferred(), p.inFlightShown()));
                double rate = p.rate();
                if (p.state() == CellState.RUNNING && rate > 0) {
                    out.append(String.format(Locale.ROOT, "  %.2f items/s  ETA %s", rate, eta((total - done) / rate)));
                }
            }
            if (cell.spend() != null) {
                out.append("\n      spend ").append(spend(cell.spend()));
            } else if (cell.live() != null && (cell.live().tokens() > 0 || cell.live().tokensUnknownCalls() > 0 || cell.live().costUsd() != null)) {
                // no ledger read (the store cannot be opened): what the cell's finished activities reported
                out.append("\n      paid (finished calls) ").append(cell.live().spendText());
            }
            if (e.failure() != null) {
                out.append("\n      ").append(e.failure());
            }
            for (ErrorCount w : cell.warnings()) {
                out.append("\n      WARNING (").append(w.answers()).append(w.answers() == 1 ? " answer" : " answers").append("): ")
                        .append(w.message());
            }
            out.append('\n');
        }
        if (spend != null) {
            out.append("spend ").append(spend(spend.campaign())).append(budget(spend.budgets().get(""))).append('\n');
            spend.byModel().forEach((model, t) -> out.append("  model ").append(model).append(": ").append(spend(t))
                    .append(budget(spend.budgets().get(model))).append('\n'));
        }
        return out.toString();
    }

    /**
     * e.g. {@code $0.006000, 1500 tokens (1200 in, 300 out), 3 attempts (2 failed), 1 cache hit}, with {@code 300 out of which
     * 200 reasoning} when servers reported reasoning tokens and {@code 1200 in (800 cached, 66.7%)} when they reported
     * cached prompt tokens; cost "n/a" without prices.
     */
    public static String spendLine(SpendTotals t) {
        return spend(t);
    }

    static String spend(SpendTotals t) {
        String cost = t.costUsd() == null ? "$n/a (no prices)" : String.format(Locale.ROOT, "$%.6f", t.costUsd());
        String reasoning = t.reasoningTokens() == 0 ? "" : String.format(Locale.ROOT, " of which %d reasoning", t.reasoningTokens());
        String cached = t.cachedPromptTokens() == 0 ? "" : " (" + CachedShare.of(t.cachedPromptTokens(), t.promptTokens()) + ")";
        String line = String.format(Locale.ROOT, "%s, %d tokens (%d in%s, %d out%s), %d attempts (%d failed), %d cache hits",
                cost, t.tokens(), t.promptTokens(), cached, t.completionTokens(), reasoning, t.attempts(), t.failedAttempts(), t.cacheHits());
        if (t.costUsd() != null && t.cachedAtInputPrice() > 0) {
            line += String.format(Locale.ROOT, ", %d cached tokens priced as new input (the profile states no price_per_million_cached_input)",
                    t.cachedAtInputPrice());
        }
        // answers without usage and without a tokenizer: tokens and cost above leave them out (docs/ledger.md)
        return t.tokensUnknownAnswers() == 0 ? line
                : line + String.format(Locale.ROOT, ", tokens unknown for %d answers (no usage block, no tokenizer)", t.tokensUnknownAnswers());
    }

    private static String budget(Budget b) {
        if (b == null) {
            return "";
        }
        StringBuilder s = new StringBuilder("  budget");
        if (b.usd() != null) s.append(String.format(Locale.ROOT, " usd %s", b.usd()));
        if (b.tokens() != null) s.append(" tokens ").append(b.tokens());
        return s.toString();
    }

    private static String bar(double fraction) {
        int filled = (int) Math.round(fraction * 30);
        return "[" + "#".repeat(filled) + ".".repeat(30 - filled) + "]";
    }

    private static String eta(double seconds) {
        long s = (long) seconds;
        return s >= 3600 ? (s / 3600) + "h" + (s % 3600 / 60) + "m" : s >= 60 ? (s / 60) + "m" + (s % 60) + "s" : s + "s";
    }
}
