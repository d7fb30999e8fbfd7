package dev.ibench.workflows.campaign;

import java.util.List;

/** Renders progress as the markdown the Temporal UI shows in a workflow's current details. */
final class ProgressMarkdown {
    private ProgressMarkdown() {}

    static String cell(CellProgress p) {
        return "**" + p.model() + "** on **" + p.benchmark() + "** (" + p.mode() + ") · " + p.state() + "\n\n"
                + "| done | total | progress | completed | infra errors | rejected | in flight | spend |\n"
                + "|---:|---:|---|---:|---:|---:|---:|---:|\n"
                + "| " + p.done() + " | " + p.total() + " | " + bar(p.fraction()) + " | " + p.completed() + " | "
                + p.infraErrors() + " | " + p.rejected() + " | " + p.inFlightShown() + "/" + p.samplesInFlight() + " | " + p.spendText() + " |"
                + (p.failure() == null ? "" : "\n\n**Stopped:** " + p.failure());
    }

    static String campaign(CampaignStatus s) {
        StringBuilder md = new StringBuilder("**Campaign " + s.name() + "** (`" + s.campaignId() + "`) · " + s.state() + "\n\n"
                + "| cell | model | benchmark | mode | state | items |\n|---|---|---|---|---|---:|\n");
        List<CampaignStatus.CellEntry> cells = s.cells();
        for (CampaignStatus.CellEntry c : cells) {
            md.append("| ").append(c.cellId()).append(" | ").append(c.model()).append(" | ").append(c.benchmark())
                    .append(" | ").append(c.mode()).append(" | ").append(c.state())
                    .append(c.state() == CellState.STOPPED && c.failure() != null ? ": " + c.failure().replace("|", "\\|") : "")
                    .append(" | ").append(c.workItems())
                    .append(" |\n");
        }
        return md.toString();
    }

    private static String bar(double fraction) {
        int filled = (int) Math.round(fraction * 20);
        return "`" + "█".repeat(filled) + "░".repeat(20 - filled) + "` " + (int) (fraction * 100) + "%";
    }
}
