package dev.ibench.core.report;

import dev.ibench.core.ablation.UniverseSize;
import java.util.List;
import java.util.TreeSet;

/**
 * One row of seed 000's Table 4 for a campaign: a benchmark's database, its tool universe and the tools each
 * {@code universe:<percent>} share offers.
 */
public record BenchmarkUniverse(String benchmark, UniverseSize size) {
    private static final String PREFIX = "universe:";

    /** Table 4's shares plus every share the campaign's cells ran, ascending. */
    public static List<Integer> shares(CampaignReport report) {
        return shares(report.cells().stream().map(CellReport::ablation).toList());
    }

    /** Table 4's shares plus every share of {@code ablations} (the campaign's cells' ablations), ascending. */
    public static List<Integer> shares(List<String> ablations) {
        TreeSet<Integer> shares = new TreeSet<>(UniverseSize.TABLE_4_SHARES);
        ablations.stream().filter(a -> a != null && a.startsWith(PREFIX))
                .forEach(a -> shares.add(Integer.parseInt(a.substring(PREFIX.length()))));
        return List.copyOf(shares);
    }

    /** The Markdown table of the report's universes (empty when it has none). */
    public static String markdown(CampaignReport report) {
        if (report.universes().isEmpty()) {
            return "";
        }
        List<Integer> shares = shares(report);
        StringBuilder md = new StringBuilder("\n## Tool universe sizes (seed Table 4)\n\n| benchmark | database |");
        shares.forEach(p -> md.append(' ').append(p).append("% |"));
        md.append("\n|---|---|");
        shares.forEach(p -> md.append("---:|"));
        md.append('\n');
        for (BenchmarkUniverse u : report.universes()) {
            md.append("| ").append(u.benchmark()).append(" | ").append(u.size().database()).append(" |");
            shares.forEach(p -> md.append(' ').append(u.size().offered(p)).append(" |"));
            md.append('\n');
        }
        return md.append("\nA share offers floor(N x percent / 100) of the database's N tools, never fewer than a sample's gold tools.\n").toString();
    }
}
