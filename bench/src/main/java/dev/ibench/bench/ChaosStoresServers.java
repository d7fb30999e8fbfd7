package dev.ibench.bench;

import dev.ibench.workers.temporal.TemporalConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The servers {@link ChaosStoresBench} faults: Temporal's PostgreSQL with temporal-server
 * ({@code deploy/local/temporal-postgres.sh}) and the results store's PostgreSQL ({@code deploy/local/postgres-local.sh}),
 * started in the bench's work folder, stopped, killed and started again, and stopped at the end.
 */
final class ChaosStoresServers {
    static final Path PG_BIN = Path.of("/usr/lib/postgresql/15/bin");

    private final Path work;
    private Map<String, String> temporalEnv;
    private Map<String, String> storeEnv;
    private String temporalPassword;
    private String storePassword;
    private Process temporalServer;

    ChaosStoresServers(Path work) {
        this.work = work;
    }

    /** Starts both servers with the deploy scripts and reads the settings they wrote. */
    void start() throws Exception {
        sh(work.resolve("temporal-postgres.log"), "bash", "deploy/local/temporal-postgres.sh", "start", work.resolve("temporal-pg").toString());
        temporalEnv = envFile(work.resolve("temporal-pg/temporal-postgres.env"));
        temporalPassword = envFile(work.resolve("temporal-pg/postgres.secrets")).get("TEMPORAL_PG_PASSWORD");
        startStore();
    }

    /** Starts only the results store's PostgreSQL (free loopback port, data in the work folder) and reads its settings. */
    void startStore() throws Exception {
        sh(work.resolve("store-postgres.log"), "bash", "deploy/local/postgres-local.sh", "start", work.resolve("store-pg").toString());
        storeEnv = envFile(work.resolve("store-pg/postgres.env"));
        storePassword = envFile(work.resolve("store-pg/postgres.secrets")).get("IBENCH_STORE_PASSWORD");
    }

    String temporalAddress() {
        return temporalEnv.get("TEMPORAL_ADDRESS");
    }

    /** The results store's URL ({@code IBENCH_STORE}). */
    String store() {
        return storeEnv.get("IBENCH_STORE");
    }

    String storePassword() {
        return storePassword;
    }

    int storePort() {
        return Integer.parseInt(storeEnv.get("PG_PORT"));
    }

    void stopStore() throws Exception {
        pgCtl(storeEnv, "stop", "-m", "fast", "-w", "-t", "60");
    }

    void startStoreAgain() throws Exception {
        pgStartAgain(storeEnv);
    }

    /** SIGKILLs the store's postmaster; returns its pid. */
    long killStore() throws Exception {
        return killPostmaster(storeEnv);
    }

    void restartTemporalPostgres() throws Exception {
        pgCtl(temporalEnv, "restart", "-m", "fast", "-w", "-t", "60");
    }

    private void pgCtl(Map<String, String> pg, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("runuser", "-u", "postgres", "--", PG_BIN.resolve("pg_ctl").toString(),
                "-D", pg.get("PG_DATA"), "-l", pg.get("PG_LOG")));
        command.addAll(List.of(args));
        sh(work.resolve("pg_ctl.log"), command.toArray(String[]::new));
    }

    /** Starts a stopped or killed server again with the options it last ran with (pg_ctl restart reads postmaster.opts). */
    private void pgStartAgain(Map<String, String> pg) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            try {
                pgCtl(pg, "restart", "-m", "fast", "-w", "-t", "60");
                return;
            } catch (IllegalStateException notYet) { // after a SIGKILL the old backends may still hold the shared memory
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(2_000);
            }
        }
    }

    private long killPostmaster(Map<String, String> pg) throws Exception {
        long pid = Long.parseLong(Files.readAllLines(Path.of(pg.get("PG_DATA"), "postmaster.pid")).get(0).trim());
        sh(work.resolve("kill.log"), "kill", "-KILL", Long.toString(pid));
        return pid;
    }

    /** SIGKILLs temporal-server; returns its pid once it is gone. */
    long killTemporalServer() throws Exception {
        long pid = temporalServer != null ? temporalServer.pid() : Long.parseLong(temporalEnv.get("TEMPORAL_SERVER_PID"));
        sh(work.resolve("kill.log"), "kill", "-KILL", Long.toString(pid));
        ProcessHandle.of(pid).ifPresent(h -> h.onExit().join());
        return pid;
    }

    /** Starts temporal-server again as deploy/local/temporal-postgres.sh does, on the same config and ports. */
    void startTemporalServer(String address) throws Exception {
        Path state = work.resolve("temporal-pg");
        ProcessBuilder b = new ProcessBuilder(Path.of(temporalEnv.get("TEMPORAL_SERVER_DIR"), "bin", "temporal-server").toString(),
                "--root", state.resolve("temporal").toString(), "--config", "config", "--env", "development-postgres12", "--allow-no-auth", "start")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(state.resolve("temporal-server.log").toFile()));
        b.environment().put("TEMPORAL_PG_PASSWORD", temporalPassword);
        temporalServer = b.start();
        Files.writeString(state.resolve("temporal-server.pid"), temporalServer.pid() + "\n");
        try (TemporalConnection c = TemporalConnection.open(address, "default")) {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!c.isReachable(Duration.ofSeconds(5))) {
                if (System.nanoTime() > deadline || !temporalServer.isAlive()) {
                    throw new IllegalStateException("temporal-server did not come back on " + address);
                }
                Thread.sleep(1_000);
            }
        }
    }

    /** Stops both servers (those started) and temporal-server if this bench started it again. */
    void stop() {
        for (String[] stop : List.of(new String[] {"deploy/local/temporal-postgres.sh", "temporal-pg"},
                new String[] {"deploy/local/postgres-local.sh", "store-pg"})) {
            try {
                if (Files.exists(work.resolve(stop[1]))) {
                    sh(work.resolve("teardown.log"), "bash", stop[0], "stop", work.resolve(stop[1]).toString());
                }
            } catch (Exception e) {
                System.err.println(stop[0] + " stop failed: " + e.getMessage());
            }
        }
        if (temporalServer != null && temporalServer.isAlive()) {
            temporalServer.destroyForcibly();
        }
    }

    /** Runs a command to its end with its output appended to {@code log}; fails naming it when it exits non-zero. */
    static void sh(Path log, String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not end in 10 minutes (see " + log + ")");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + " (see " + log + ")");
        }
    }

    private static Map<String, String> envFile(Path file) throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("#")) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return env;
    }
}
