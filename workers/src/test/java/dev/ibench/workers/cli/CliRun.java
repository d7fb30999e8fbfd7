package dev.ibench.workers.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** One in-process {@code ibench} command for tests: its exit code and what it printed. */
record CliRun(int exit, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new IbenchCli());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** {@link #of}, with what the command printed to {@code System.out} and {@code System.err} too (many commands print there). */
    static CliRun capturing(String... args) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            CliRun r = of(args);
            return new CliRun(r.exit(), out.toString(StandardCharsets.UTF_8) + r.out(), err.toString(StandardCharsets.UTF_8) + r.err());
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }
}
