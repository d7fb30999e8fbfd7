package dev.ibench.workers.testing;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
        Path psql = Path.of("/usr/lib/postgresql/15/bin/psql");
        ProcessBuilder builder = new ProcessBuilder(psql.toString(), "-h", "127.0.0.1", "-p", Integer.toString(postgresPort()),
                "-U", "temporal", "-d", database, "-v", "ON_ERROR_STOP=1", "-tAc", sql).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", value(secrets, "TEMPORAL_PG_PASSWORD"));
        Script result = run(builder, 2);
        if (result.exitCode() != 0) {
            throw new AssertionError("psql on " + database + " failed (exit " + result.exitCode() + "): " + result.output());
        }
        return result.output().strip();
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
