package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.activities.store.CellRecord;
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
        // read in pages, keeping of each cell its metrics and standing (not its per-sample scores) and of each item its
        // row: the pairing needs every sample's scores, so the rows are the memory this command needs
        CampaignReportBuilder builder = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf,
                CampaignReportBuilder.DEFAULT_PAGE_SIZE).progress(TerminalReportProgress.onStandardError());
        List<SampleRow> rowsA = new ArrayList<>();
        CampaignReport reportA = builder.stream(campaignA, Instant.now().toString(), 0, rowsA::add, (cell, standing) -> {});
        CampaignComparison comparison;
        List<StandingsComparison.Row> standings;
        if (cells == null) {
            List<SampleRow> rowsB = new ArrayList<>();
            CampaignReport reportB = builder.stream(campaignB, Instant.now().toString(), 0, rowsB::add, (cell, standing) -> {});
            comparison = CampaignComparison.of(campaignA, rowsA, campaignB, rowsB, seed, resamples);
            standings = StandingsComparison.of(reportA, reportB);
        } else {
            List<String> cellIds = services.store().cells(campaignA).stream().map(CellRecord::cellId).toList();
            try {
                String a = CampaignComparison.resolveCell(campaignA, cellIds, cells.get(0));
                String b = CampaignComparison.resolveCell(campaignA, cellIds, cells.get(1));
                comparison = CampaignComparison.ofCells(rowsA, a, b, seed, resamples);
                standings = StandingsComparison.ofCells(reportA, a, b);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        CampaignCommand.write(out, json ? ComparisonRenderer.json(comparison, standings) : ComparisonRenderer.markdown(comparison, standings));
        return 0;
    }
}
