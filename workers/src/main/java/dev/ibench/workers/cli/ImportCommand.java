package dev.ibench.workers.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ibench import <kind> ...}: brings benchmark files of other suites in as eval sets (docs/nestful.md, docs/bfcl.md). */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import a benchmark of another suite as an eval set.",
        subcommands = {ImportNestfulCommand.class, ImportBfclCommand.class})
final class ImportCommand implements Runnable {
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
