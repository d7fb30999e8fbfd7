package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.compare.CampaignComparison;
import dev.ibench.core.report.compare.ComparisonRenderer;
import dev.ibench.core.report.compare.PairedBootstrap;
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
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        CampaignReportBuilder builder = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf);
        CampaignComparison comparison = cells == null
                ? CampaignComparison.of(campaignA, rows(builder, campaignA), campaignB, rows(builder, campaignB), seed, resamples)
                : cellComparison(services, builder);
        CampaignCommand.write(out, json ? ComparisonRenderer.json(comparison) : ComparisonRenderer.markdown(comparison));
        return 0;
    }

    private CampaignComparison cellComparison(CampaignServices services, CampaignReportBuilder builder) {
        List<String> cellIds = services.store().cells(campaignA).stream().map(CellRecord::cellId).toList();
        try {
            String a = CampaignComparison.resolveCell(campaignA, cellIds, cells.get(0));
            String b = CampaignComparison.resolveCell(campaignA, cellIds, cells.get(1));
            return CampaignComparison.ofCells(rows(builder, campaignA), a, b, seed, resamples);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static List<SampleRow> rows(CampaignReportBuilder builder, String campaignId) {
        List<SampleRow> rows = new ArrayList<>();
        builder.build(campaignId, Instant.now().toString(), 0, rows::add);
        return rows;
    }
}
