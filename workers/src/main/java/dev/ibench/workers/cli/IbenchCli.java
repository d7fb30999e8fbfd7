package dev.ibench.workers.cli;

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
            CommandLine.HelpCommand.class
        })
public final class IbenchCli implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** A command that fails says what went wrong in one line (the stack trace with IBENCH_DEBUG set) and exits 1. */
    private static int reportFailure(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
        command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + (e.getMessage() == null ? e : e.getMessage()));
        if (System.getenv("IBENCH_DEBUG") != null) {
            e.printStackTrace(command.getErr());
        }
        return 1;
    }

    public static void main(String[] args) {
        int exit = new CommandLine(new IbenchCli())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler(IbenchCli::reportFailure)
                .execute(args);
        System.exit(exit);
    }
}
