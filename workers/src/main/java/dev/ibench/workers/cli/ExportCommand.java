package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.report.StoredPrompts;
import dev.ibench.core.report.export.SampleRowSpool;
import dev.ibench.core.report.export.SampleScoresExport;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.BfclResultsExport;
import dev.ibench.workers.campaign.CampaignServices;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ibench campaign export ID --format csv|jsonl [--with-prompts] [--out FILE]}: every sample trial's scores, with its
 * prompts on request (docs/reports.md); {@code --format bfcl --out DIR}: the BFCL results in bfcl-eval's layout
 * (docs/bfcl.md#results-in-bfcl-evals-layout).
 */
class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ID") String id;
    @Option(names = "--format", required = true, description = "csv, jsonl, or bfcl (bfcl-eval's result and score files and"
            + " data_overall.csv, into the folder --out).") String format;
    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output (with --format bfcl: the folder).") Path out;
    @Option(names = "--with-prompts", description = "jsonl only: each item's rendered prompts (every step's for ReACT).") boolean withPrompts;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!format.equals("csv") && !format.equals("jsonl") && !format.equals("bfcl")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--format must be csv, jsonl or bfcl, got '" + format + "'");
        }
        if (format.equals("bfcl")) {
            return exportBfcl();
        }
        if (withPrompts && !format.equals("jsonl")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--with-prompts needs --format jsonl (csv has no place for prompts)");
        }
        CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
        // rows go to a temporary file of the home's scratch folder as they are read (the memory holds one page of the store and one row), and are
        // written once every cell's standing (cell_state, cell_planned) and every score key (the CSV columns) is known
        try (SampleRowSpool rows = new SampleRowSpool(services.home().scratch())) {
            var standings = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf,
                    CampaignReportBuilder.DEFAULT_PAGE_SIZE).progress(TerminalReportProgress.onStandardError())
                    .stream(id, java.time.Instant.now().toString(), 0, rows, (cell, standing) -> {}).standings();
            StoredPrompts prompts = withPrompts ? new StoredPrompts(services.store()) : null;
            CommandOutput.write(out, w -> {
                if (format.equals("csv")) {
                    SampleScoresExport.writeCsv(id, rows, rows.scoreKeys(), standings, w);
                } else {
                    SampleScoresExport.writeJsonl(id, rows, standings, prompts, w);
                }
            });
        }
        return 0;
    }

    private Integer exportBfcl() throws Exception {
        if (out == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--format bfcl writes a folder of files: give --out DIR");
        }
        if (withPrompts) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--with-prompts needs --format jsonl (bfcl-eval's files have no place for prompts)");
        }
        CampaignServices services = CampaignServices.reading(IbenchHome.resolve());
        var written = new BfclResultsExport(services).write(id, out, new CampaignReportBuilder(services.store(), services.evalSets(),
                services::scorerOf, CampaignReportBuilder.DEFAULT_PAGE_SIZE).progress(TerminalReportProgress.onStandardError()));
        if (written.categoriesByModel().isEmpty()) {
            System.err.println("ibench campaign export: campaign " + id + " has no BFCL results; wrote an empty " + out.resolve("score/data_overall.csv"));
        }
        written.categoriesByModel().forEach((model, categories) -> System.err.println("  " + model + ": " + String.join(", ", categories)));
        System.err.println("wrote " + written.files() + " files under " + out);
        return 0;
    }
}
