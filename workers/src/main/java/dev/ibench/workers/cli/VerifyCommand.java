package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "verify", mixinStandardHelpOptions = true, description = "Re-execute every gold sequence and gold SQL of a built directory and print agreement.")
final class VerifyCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("verify", "#3");
    }
}
