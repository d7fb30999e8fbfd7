package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "demo", mixinStandardHelpOptions = true, description = "Run a small real campaign on the embedded default and print the report.")
final class DemoCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("demo", "#6");
    }
}
