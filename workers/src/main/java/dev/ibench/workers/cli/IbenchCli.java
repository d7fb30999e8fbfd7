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

    public static void main(String[] args) {
        int exit = new CommandLine(new IbenchCli()).setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        System.exit(exit);
    }
}
