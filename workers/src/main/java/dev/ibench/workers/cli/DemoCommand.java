package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.demo.DemoCampaign;
import dev.ibench.workers.demo.DemoRun;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's main command: a small real campaign on the embedded default ({@link DemoRun}). Exit codes: 0 the
 * campaign ran to its end, 4 it ended with a cell stopped or failed, 1 the command itself failed (docs/cli.md).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run a small real campaign (SLOT and SEL superhero and BFCL simple; the oracle and SmolLM2 in-process) on "
                + "the embedded default Temporal server; samples whose prompt cannot fit a model's context are listed as skipped, "
                + "not sent. Prints the final status, the report, the HTML report's path and the Web UI link. "
                + "Exit 0: the campaign ran to its end; 4: a cell was stopped or failed; 1: the command failed.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--samples", paramLabel = "N",
            description = "Samples per benchmark (default: 1 of SLOT and SEL, 3 of BFCL simple; SmolLM2 needs one to two minutes "
                    + "per SLOT sample on 2 cores, seconds per BFCL one).")
    Integer samples;

    @Option(names = "--models", split = ",", paramLabel = "MODEL[,MODEL]",
            description = "Which of the demo's models to run: oracle (the test model, seconds), smollm2 (in-process, minutes); default: both.")
    List<String> models = DemoCampaign.modelNames();

    @Option(names = "--json", description = "Print the report as JSON on stdout (progress goes to stderr).")
    boolean json;

    @Option(names = "--stop-server", description = "Stop the dev server this command started when done (default: leave it running for the UI).")
    boolean stopServer;

    @Option(names = "--timeout-minutes", defaultValue = "30", description = "Give up waiting after this long (default: ${DEFAULT-VALUE}).")
    int timeoutMinutes;

    @Override
    public Integer call() throws Exception {
        PrintStream log = json ? System.err : System.out;
        TerminalLogging.file().ifPresent(file -> log.println("Library logs: " + file));
        return new DemoRun(IbenchHome.resolve(), log).run(new DemoRun.Options(samples, models, json, stopServer, timeoutMinutes));
    }
}
