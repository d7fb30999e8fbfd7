package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "worker", mixinStandardHelpOptions = true, description = "Run a Temporal worker serving the given task-queue roles.")
final class WorkerCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("worker", "#2");
    }
}
