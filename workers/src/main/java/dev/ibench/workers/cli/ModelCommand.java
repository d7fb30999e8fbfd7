package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "model", mixinStandardHelpOptions = true, description = "Check a model profile: render a prompt for one sample, call the model, print answer, tokens and latency.")
final class ModelCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("model", "#4");
    }
}
