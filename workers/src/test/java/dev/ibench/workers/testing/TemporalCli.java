package dev.ibench.workers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real {@code temporal} CLI, e.g. {@code workflow list --query}, and returns its stdout. */
public final class TemporalCli {
    private TemporalCli() {}

    public static String run(Path cli, List<String> args) {
        List<String> command = new java.util.ArrayList<>();
        command.add(cli.toString());
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("temporal " + args + " did not finish in 60 s");
            }
            if (process.exitValue() != 0) {
                throw new AssertionError("temporal " + args + " exited " + process.exitValue() + ":\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** {@code temporal workflow list --address A --query Q -o json}. */
    public static String listWorkflows(Path cli, String address, String query) {
        return run(cli, List.of("workflow", "list", "--address", address, "--query", query, "--output", "json"));
    }
}
