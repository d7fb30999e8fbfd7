package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "build", mixinStandardHelpOptions = true, description = "Build SLOT/SEL/REST eval sets from NL2SQL data (BIRD, Spider) and write coverage.json.")
final class BuildCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("build", "#3");
    }
}
