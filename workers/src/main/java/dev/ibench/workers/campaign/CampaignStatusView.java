package dev.ibench.workers.campaign;

import dev.ibench.activities.store.ErrorCount;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import java.util.Locale;

/** Renders a campaign's status with one progress bar, rate and ETA per cell for the terminal. */
public final class CampaignStatusView {
    private CampaignStatusView() {}

    /**
     * A cell as status shows it: the campaign's entry, the live progress of its workflow when it has one, and the
     * warnings its answers recorded (e.g. a server that ignored the profile's constrained output).
     */
    public record CellView(CampaignStatus.CellEntry entry, CellProgress live, List<ErrorCount> warnings) {
        public CellView {
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
        }

        public CellView(CampaignStatus.CellEntry entry, CellProgress live) {
            this(entry, live, List.of());
        }
    }

    public static String render(CampaignStatus status, List<CellView> cells) {
        StringBuilder out = new StringBuilder();
        out.append("campaign ").append(status.campaignId()).append(" (").append(status.name()).append("): ")
                .append(status.state()).append('\n');
        for (CellView cell : cells) {
            CampaignStatus.CellEntry e = cell.entry();
            int total = e.workItems();
            int done = cell.live() != null ? cell.live().done() : e.state() == CellState.COMPLETED ? total : 0;
            double fraction = total == 0 ? 1.0 : (double) done / total;
            out.append(String.format(Locale.ROOT, "  %-44s %s %5.1f%% %d/%d", e.model() + " / " + e.benchmark() + " / " + e.mode(),
                    bar(fraction), 100 * fraction, done, total));
            if (cell.live() != null) {
                CellProgress p = cell.live();
                out.append(String.format(Locale.ROOT, "  completed %d  infra_errors %d  rejected %d  in flight %d",
                        p.completed(), p.infraErrors(), p.rejected(), p.inFlight()));
                double rate = p.rate();
                if (p.state() == CellState.RUNNING && rate > 0) {
                    out.append(String.format(Locale.ROOT, "  %.2f/s  ETA %s", rate, eta((total - done) / rate)));
                }
            }
            out.append("  [").append(cell.live() != null ? cell.live().state() : e.state()).append(']');
            if (e.failure() != null) {
                out.append("\n      ").append(e.failure());
            }
            for (ErrorCount w : cell.warnings()) {
                out.append("\n      WARNING (").append(w.answers()).append(w.answers() == 1 ? " answer" : " answers").append("): ")
                        .append(w.message());
            }
            out.append('\n');
        }
        return out.toString();
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
