package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "server", mixinStandardHelpOptions = true, description = "Start the Temporal dev server (SQLite persistence, Web UI on :8233).")
final class ServerCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("server", "#2");
    }
}
