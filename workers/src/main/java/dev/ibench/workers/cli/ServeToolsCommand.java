package dev.ibench.workers.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "serve-tools", mixinStandardHelpOptions = true, description = "Serve published REST endpoints with an OpenAPI document.")
final class ServeToolsCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return NotBuiltYet.report("serve-tools", "#8");
    }
}
