package dev.ibench.workers.testing;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JUnit fixture: a REAL Temporal server (the pinned {@code temporal-server} built from the Go module) with PostgreSQL
 * persistence, started and stopped by {@code deploy/local/temporal-postgres.sh} in a state directory, all on free
 * loopback ports. The same PostgreSQL server also holds an {@code ibench} database for the results store
 * ({@link #storeEnvironment()}). Fails (never skips) with the script's output when the build or start-up fails.
 */
public final class TemporalOnPostgres implements AutoCloseable {
    /** The first start may build temporal-server from the Go module proxy (minutes on a loaded machine). */
    private static final long START_TIMEOUT_MINUTES = 40;

    private final Path stateDir;
    private final Map<String, String> env;
    private final Map<String, String> secrets;

    private TemporalOnPostgres(Path stateDir, Map<String, String> env, Map<String, String> secrets) {
        this.stateDir = stateDir;
        this.env = env;
        this.secrets = secrets;
    }

    /** Runs {@code temporal-postgres.sh start stateDir}; on failure stops what did start and throws with the reason. */
    public static TemporalOnPostgres start(Path stateDir) {
        Script result = runScript("start", stateDir, START_TIMEOUT_MINUTES);
        if (result.exitCode() != 0) {
            Script stop = runScript("stop", stateDir, 5);
            throw new AssertionError("deploy/local/temporal-postgres.sh start failed (exit " + result.exitCode() + "):\n"
                    + result.output() + "\n-- stop:\n" + stop.output());
        }
        return new TemporalOnPostgres(stateDir, readEnv(stateDir.resolve("temporal-postgres.env")),
                readEnv(stateDir.resolve("postgres.secrets")));
    }

    public String address() {
        return value(env, "TEMPORAL_ADDRESS");
    }

    public String namespace() {
        return value(env, "TEMPORAL_NAMESPACE");
    }

    public int postgresPort() {
        return Integer.parseInt(value(env, "PG_PORT"));
    }

    /** {@code IBENCH_STORE} (JDBC URL of the ibench database) and {@code IBENCH_STORE_PASSWORD} for worker processes. */
    public Map<String, String> storeEnvironment() {
        return Map.of("IBENCH_STORE", value(env, "IBENCH_STORE"), "IBENCH_STORE_PASSWORD", value(secrets, "IBENCH_STORE_PASSWORD"));
    }

    public Path serverLog() {
        return Path.of(value(env, "TEMPORAL_SERVER_LOG"));
    }

    public Path cli() {
        return DevServerProcess.temporalCli();
    }

    public TemporalConnection connect() {
        return TemporalConnection.open(address(), namespace());
    }

    /** Runs {@code sql} with psql as role {@code temporal} on one of Temporal's databases; returns its unaligned output. */
    public String queryTemporalDatabase(String database, String sql) {
        Path psql = postgresBinaries().resolve("psql");
        ProcessBuilder builder = new ProcessBuilder(psql.toString(), "-h", "127.0.0.1", "-p", Integer.toString(postgresPort()),
                "-U", "temporal", "-d", database, "-v", "ON_ERROR_STOP=1", "-tAc", sql).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", value(secrets, "TEMPORAL_PG_PASSWORD"));
        Script result = run(builder, 2);
        if (result.exitCode() != 0) {
            throw new AssertionError("psql on " + database + " failed (exit " + result.exitCode() + "): " + result.output());
        }
        return result.output().strip();
    }

    /**
     * Kills temporal-server with SIGKILL (no graceful shutdown: in-memory state such as matching's task buffers is lost)
     * and waits until it is gone; {@link #startServer()} starts it again on the same config, ports and databases.
     */
    public void killServer() {
        ProcessHandle server = ProcessHandle.of(serverPid())
                .orElseThrow(() -> new IllegalStateException("temporal-server " + serverPid() + " is not running"));
        server.destroyForcibly();
        awaitGone(List.of(server), "temporal-server");
    }

    /**
     * Starts temporal-server again as {@code temporal-postgres.sh start} did (same binary, config, ports; its PostgreSQL
     * password from the environment), records its pid where the script's {@code stop} finds it, and waits until the
     * frontend answers a health check.
     */
    public void startServer() {
        Path serverDir = Path.of(value(env, "TEMPORAL_SERVER_DIR"));
        ProcessBuilder builder = new ProcessBuilder(serverDir.resolve("bin/temporal-server").toString(), "--root",
                stateDir.resolve("temporal").toAbsolutePath().toString(), "--config", "config", "--env", "development-postgres12",
                "--allow-no-auth", "start")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(serverLog().toFile()))
                .redirectInput(new File("/dev/null"));
        builder.environment().put("TEMPORAL_PG_PASSWORD", value(secrets, "TEMPORAL_PG_PASSWORD"));
        try {
            Process process = builder.start();
            Files.writeString(stateDir.resolve("temporal-server.pid"), process.pid() + "\n");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new AssertionError("temporal-server exited at its restart (exit " + process.exitValue() + "), log: " + serverLog());
                }
                ProcessBuilder health = new ProcessBuilder(cli().toString(), "operator", "cluster", "health", "--address", address(),
                        "--command-timeout", "2s").redirectErrorStream(true);
                Script answer = run(health, 1);
                if (answer.exitCode() == 0 && answer.output().contains("SERVING")) {
                    return;
                }
                Thread.sleep(500);
            }
            throw new AssertionError("temporal-server did not answer on " + address() + " within 3 minutes of its restart, log: " + serverLog());
        } catch (IOException e) {
            throw new UncheckedIOException("could not restart temporal-server", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted restarting temporal-server", e);
        }
    }

    /**
     * Stops Temporal's PostgreSQL as an operator would for an upgrade ({@code pg_ctl stop -m fast}), leaves it down for
     * {@code outage}, and starts it again with the options of its first start ({@code pg_ctl restart} reads them from
     * {@code postmaster.opts}).
     */
    public void restartPostgres(java.time.Duration outage) {
        Path data = Path.of(value(env, "PG_DATA"));
        pgCtl("-D", data.toString(), "-m", "fast", "-w", "-t", "60", "stop");
        try {
            Thread.sleep(outage.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted during the PostgreSQL outage", e);
        }
        pgCtl("-D", data.toString(), "-l", value(env, "PG_LOG"), "-w", "-t", "60", "restart");
    }

    private void pgCtl(String... args) {
        List<String> command = new ArrayList<>();
        if ("0".equals(run(new ProcessBuilder("id", "-u").redirectErrorStream(true), 1).output().strip())) {
            command.addAll(List.of("runuser", "-u", "postgres", "--")); // as postgres-local.sh: root cannot run pg_ctl
        }
        command.add(postgresBinaries().resolve("pg_ctl").toString());
        command.addAll(List.of(args));
        Script result = run(new ProcessBuilder(command).redirectErrorStream(true), 2);
        if (result.exitCode() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed (exit " + result.exitCode() + "): " + result.output());
        }
    }

    /**
     * The binaries that started this PostgreSQL ({@code PG_BIN} in the script's env file), else (an env file written
     * before the script recorded them) the shared lookup, {@link LocalPostgres#binaries()}.
     */
    Path postgresBinaries() {
        String recorded = env.get("PG_BIN");
        return recorded != null && !recorded.isBlank() ? Path.of(recorded) : LocalPostgres.binaries();
    }

    private long serverPid() {
        try {
            return Long.parseLong(Files.readString(stateDir.resolve("temporal-server.pid")).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read temporal-server.pid", e);
        }
    }

    private static void awaitGone(List<ProcessHandle> processes, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (processes.stream().anyMatch(ProcessHandle::isAlive)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(what + " still alive 30 s after SIGKILL");
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + what + " to die", e);
        }
    }

    @Override
    public void close() {
        Script result = runScript("stop", stateDir, 5);
        if (result.exitCode() != 0) {
            throw new AssertionError("deploy/local/temporal-postgres.sh stop failed:\n" + result.output());
        }
    }

    private record Script(int exitCode, String output) {}

    private static Script runScript(String command, Path stateDir, long timeoutMinutes) {
        Path script = IbenchHome.resolve().root().resolve("deploy/local/temporal-postgres.sh");
        return run(new ProcessBuilder("bash", script.toString(), command, stateDir.toAbsolutePath().toString())
                .redirectErrorStream(true), timeoutMinutes);
    }

    private static Script run(ProcessBuilder builder, long timeoutMinutes) {
        try {
            Path output = Files.createTempFile("ibench-script", ".log");
            try {
                Process process = builder.redirectOutput(output.toFile()).redirectInput(new File("/dev/null")).start();
                if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    return new Script(-1, "timed out after " + timeoutMinutes + " min: " + builder.command() + "\n"
                            + Files.readString(output, StandardCharsets.UTF_8));
                }
                return new Script(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + builder.command(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + builder.command(), e);
        }
    }

    private static Map<String, String> readEnv(Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
        return values;
    }

    private static String value(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(key + " missing from the state written by temporal-postgres.sh");
        }
        return value;
    }
}
