package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "rescore", mixinStandardHelpOptions = true, description = "Score recorded raw model outputs against an eval set without calling a model.")
final class RescoreCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("rescore", "#5");
    }
}
