package dev.ibench.workers.cli;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.report.StoredPrompts;
import dev.ibench.core.report.export.SampleRowSpool;
import dev.ibench.core.report.export.SampleScoresExport;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibench campaign export ID --format csv|jsonl [--with-prompts] [--out FILE]}: every sample trial's scores, with its prompts on request (docs/reports.md). */
class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ID") String id;
    @Option(names = "--format", required = true, description = "csv or jsonl.") String format;
    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.") Path out;
    @Option(names = "--with-prompts", description = "jsonl only: each item's rendered prompts (every step's for ReACT).") boolean withPrompts;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!format.equals("csv") && !format.equals("jsonl")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--format must be csv or jsonl, got '" + format + "'");
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
}
