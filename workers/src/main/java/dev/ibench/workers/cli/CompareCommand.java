package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.compare.CampaignComparison;
import dev.ibench.core.report.compare.ComparisonRenderer;
import dev.ibench.core.report.compare.PairedBootstrap;
import dev.ibench.core.report.compare.StandingsComparison;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ibench campaign compare A B [--seed N] [--resamples N] [--json] [--out FILE]}: re-scores both campaigns' stored
 * outputs (as {@code campaign report} does) and compares their per-sample scores (docs/reports.md).
 */
class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The baseline campaign id.") String campaignA;
    @Parameters(index = "1", paramLabel = "B", description = "The campaign compared with it.") String campaignB;
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
        CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
        CampaignReportBuilder builder = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf);
        List<SampleRow> rowsA = new ArrayList<>();
        List<SampleRow> rowsB = new ArrayList<>();
        CampaignReport reportA = builder.build(campaignA, Instant.now().toString(), 0, rowsA::add);
        CampaignReport reportB = builder.build(campaignB, Instant.now().toString(), 0, rowsB::add);
        CampaignComparison comparison = CampaignComparison.of(campaignA, rowsA, campaignB, rowsB, seed, resamples);
        List<StandingsComparison.Row> standings = StandingsComparison.of(reportA, reportB);
        CampaignCommand.write(out, json ? ComparisonRenderer.json(comparison, standings) : ComparisonRenderer.markdown(comparison, standings));
        return 0;
    }
}
