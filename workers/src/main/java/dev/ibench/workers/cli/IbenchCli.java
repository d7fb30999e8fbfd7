package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.SqliteNativeFolder;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code ibench} command line (the CLI contract of docs/cli.md). */
@Command(
        name = "ibench",
        mixinStandardHelpOptions = true,
        version = "ibench 0.1.0",
        description = "Invocable Bench: builds tool-calling benchmarks from NL2SQL data and evaluates LLMs on them as durable Temporal workflows.",
        subcommands = {
            BuildCommand.class,
            VerifyCommand.class,
            RescoreCommand.class,
            ImportCommand.class,
            CampaignCommand.class,
            ModelCommand.class,
            WorkerCommand.class,
            ServerCommand.class,
            ServeToolsCommand.class,
            DemoCommand.class,
            StoreCommand.class,
            CommandLine.HelpCommand.class
        })
public final class IbenchCli implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    /** Inherited by every subcommand; recorded as a system property so {@link StoreSetting} sees it wherever it is read. */
    @CommandLine.Option(names = StoreSetting.OPTION, paramLabel = "URL|FILE", scope = CommandLine.ScopeType.INHERIT,
            description = "Results store: jdbc:postgresql://HOST:PORT/DB?user=USER (password from $IBENCH_STORE_PASSWORD), "
                    + "jdbc:sqlite:FILE or a file path (default: $IBENCH_STORE, else .ibench/results.db).")
    void store(String value) {
        System.setProperty(StoreSetting.PROPERTY, value);
    }

    /** Acted on in {@link #main} before any logger exists ({@link TerminalLogging}); declared so every command accepts it. */
    @CommandLine.Option(names = TerminalLogging.VERBOSE, scope = CommandLine.ScopeType.INHERIT,
            description = "Show the logs of the libraries under ibench (Temporal SDK, gRPC, Tomcat, HikariCP, Flyway, llama.cpp) "
                    + "on the terminal instead of the log file under .ibench/logs/.")
    boolean verbose;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /**
     * What every ibench process sets up before its command runs: library logs to the home's log file
     * ({@link TerminalLogging}) and the SQLite driver's native library in the home's folder ({@link SqliteNativeFolder}),
     * so that nothing of ibench is written to the system temp folder (docs/cli.md#the-home-folder).
     */
    static void prepareProcess(String[] args) {
        IbenchHome home = IbenchHome.resolve();
        TerminalLogging.configure(args, home);
        SqliteNativeFolder.configure(home);
    }

    /**
     * A command that fails says in one line what went wrong and where the details are: the stack trace goes to the log
     * file ({@link TerminalLogging}), or to the terminal with --verbose or IBENCH_DEBUG set. Exit 1.
     */
    private static int reportFailure(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        Optional<Path> logFile = TerminalLogging.file();
        command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + message
                + logFile.map(f -> " (details: " + f + ")").orElse(""));
        if (logFile.isPresent()) {
            LoggerFactory.getLogger(IbenchCli.class).error(command.getCommandSpec().qualifiedName() + " failed", e);
        }
        if (TerminalLogging.verbose() || System.getenv("IBENCH_DEBUG") != null) {
            e.printStackTrace(command.getErr());
        }
        return 1;
    }

    public static void main(String[] args) {
        prepareProcess(args);
        int exit = new CommandLine(new IbenchCli())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler(IbenchCli::reportFailure)
                .execute(args);
        System.exit(exit);
    }
}
