package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignComparisons;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.report.compare.ComparisonRenderer;
import dev.ibench.core.report.compare.PairedBootstrap;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ibench campaign compare A B [--seed N] [--resamples N] [--json] [--out FILE]}: re-scores both campaigns' stored
 * outputs (as {@code campaign report} does) and compares their per-sample scores; {@code campaign compare ID --cells A B}
 * compares two cells of one campaign on their shared samples (docs/reports.md).
 */
class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The baseline campaign id (with --cells: the campaign).") String campaignA;
    @Parameters(index = "1", arity = "0..1", paramLabel = "B", description = "The campaign compared with it (not with --cells).")
    String campaignB;
    @Option(names = "--cells", arity = "2", paramLabel = "CELL",
            description = "Compare two cells of campaign A instead: baseline cell, then the cell compared with it "
                    + "(cell id, or model/benchmark/mode[/ablation]).")
    List<String> cells;
    @Option(names = "--seed", defaultValue = "0", description = "Bootstrap seed (default: ${DEFAULT-VALUE}).") long seed;
    @Option(names = "--resamples", defaultValue = "" + PairedBootstrap.DEFAULT_RESAMPLES,
            description = "Bootstrap resamples (default: ${DEFAULT-VALUE}).") int resamples;
    @Option(names = "--json", description = "Print JSON.") boolean json;
    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.") Path out;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (resamples < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--resamples must be at least 1, got " + resamples);
        }
        if ((cells == null) == (campaignB == null)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), cells == null
                    ? "give two campaign ids (A B), or one campaign id and --cells A B"
                    : "--cells compares two cells of one campaign: give one campaign id, got " + campaignA + " and " + campaignB);
        }
        CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
        CampaignComparisons comparisons = new CampaignComparisons(new CampaignReportBuilder(services.store(), services.evalSets(),
                services::scorerOf, CampaignReportBuilder.DEFAULT_PAGE_SIZE).progress(TerminalReportProgress.onStandardError()), services.store(),
                services.home().scratch());
        CampaignComparisons.Result result;
        if (cells == null) {
            result = comparisons.campaigns(campaignA, campaignB, Instant.now().toString(), seed, resamples);
        } else {
            try {
                result = comparisons.cells(campaignA, cells.get(0), cells.get(1), Instant.now().toString(), seed, resamples);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        String text = json ? ComparisonRenderer.json(result.comparison(), result.standings(), result.bfcl())
                : ComparisonRenderer.markdown(result.comparison(), result.standings(), result.bfcl());
        CommandOutput.write(out, w -> w.write(text));
        return 0;
    }
}
