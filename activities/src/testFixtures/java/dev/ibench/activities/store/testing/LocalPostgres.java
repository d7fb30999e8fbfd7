package dev.ibench.activities.store.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Test tool: a real, throwaway PostgreSQL server from Debian's binaries ({@code /usr/lib/postgresql/<v>/bin},
 * or {@code $IBENCH_PG_BIN}), its cluster in a fresh directory under {@code target/}, listening on a free
 * loopback port only, with a superuser {@value #USER} who logs in with a random password over TCP
 * (scram-sha-256, so clients really use {@code IBENCH_STORE_PASSWORD}). initdb refuses to run as root: when
 * the tests run as root the server runs as the {@code postgres} OS user (Debian's package creates it) and
 * owns its directory. {@link #close()} stops it ({@code pg_ctl stop -m fast}) and deletes the directory.
 */
public final class LocalPostgres implements AutoCloseable {
    public static final String USER = "ibench";
    private static final String OS_USER = "postgres";
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final Path bin;
    private final Path base;
    private final Path data;
    private final int port;
    private final String password;
    private final boolean asOtherUser;
    private final Thread stopOnExit = new Thread(this::stopQuietly, "stop-local-postgres");

    private LocalPostgres(Path bin, Path base, int port, String password, boolean asOtherUser) {
        this.bin = bin;
        this.base = base;
        this.data = base.resolve("data");
        this.port = port;
        this.password = password;
        this.asOtherUser = asOtherUser;
    }

    /** Starts a server with its cluster in a new directory under {@code parent} (e.g. {@code target/}). */
    public static LocalPostgres start(Path parent) {
        Path bin = binaries();
        boolean root = isRoot();
        try {
            Files.createDirectories(parent);
            Path base = Files.createTempDirectory(parent.toAbsolutePath(), "postgres-");
            LocalPostgres pg = new LocalPostgres(bin, base, freePort(), UUID.randomUUID().toString(), root);
            pg.initAndStart();
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("local PostgreSQL: cannot prepare its directory under " + parent, e);
        }
    }

    private void initAndStart() throws IOException {
        Path pwfile = base.resolve("pwfile");
        Files.writeString(pwfile, password + "\n");
        if (asOtherUser) {
            UserPrincipal owner = base.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(OS_USER);
            Files.setOwner(base, owner);
            Files.setOwner(pwfile, owner);
        }
        run(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", USER, "--pwfile=" + pwfile,
                "--auth-host=scram-sha-256", "--auth-local=reject", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"), 120);
        Files.delete(pwfile);
        Files.writeString(data.resolve("postgresql.conf"), String.join("\n",
                "", "listen_addresses = '127.0.0.1'", "port = " + port, "unix_socket_directories = ''",
                "fsync = off", "synchronous_commit = off", "full_page_writes = off", "max_connections = 200", ""),
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", base.resolve("server.log").toString(),
                "-w", "-t", "60", "start"), 90);
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    public int port() {
        return port;
    }

    /** Stops the server as an operator would for an upgrade ({@code pg_ctl stop -m fast}); its data stays for {@link #restart()}. */
    public void stop() {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast", "-w", "stop"), 60);
    }

    /**
     * Kills the postmaster and all its children (backends, checkpointer, WAL writer, ...) with SIGKILL, as a crash of
     * the machine's PostgreSQL would (no shutdown checkpoint, no backend finishing its statement), waits until they are
     * gone and returns how many processes it killed; {@link #restart()} then runs crash recovery.
     */
    public int kill() {
        try {
            long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
            ProcessHandle postmaster = ProcessHandle.of(pid)
                    .orElseThrow(() -> new IllegalStateException("local PostgreSQL: postmaster " + pid + " is not running"));
            List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
            all.add(0, postmaster);
            all.forEach(ProcessHandle::destroyForcibly);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (all.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            if (all.stream().anyMatch(ProcessHandle::isAlive)) {
                throw new IllegalStateException("local PostgreSQL: processes still alive 30 s after SIGKILL");
            }
            return all.size();
        } catch (IOException e) {
            throw new UncheckedIOException("local PostgreSQL: cannot read its postmaster.pid", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("local PostgreSQL: interrupted", e);
        }
    }

    /**
     * Starts the stopped or killed server again on the same data and port; after a kill it is tried again for a few
     * seconds while the old backends still hold its shared memory.
     */
    public void restart() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", base.resolve("server.log").toString(),
                        "-w", "-t", "60", "start"), 90);
                return;
            } catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** The password of {@value #USER}: what {@code IBENCH_STORE_PASSWORD} must hold. */
    public String password() {
        return password;
    }

    /** The URL of database {@code name}, without the password (as {@code IBENCH_STORE} would hold it). */
    public String jdbcUrl(String name) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name + "?user=" + USER;
    }

    /** Creates an empty database with a fresh name (one per test keeps tests apart) and returns its URL. */
    public String newDatabase() {
        String name = "store_" + DATABASES.incrementAndGet();
        try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("local PostgreSQL: cannot create database " + name + ": " + e.getMessage(), e);
        }
        return jdbcUrl(name);
    }

    /** A plain JDBC connection to database {@code name}, for tests that look behind the store. */
    public Connection connect(String name) throws SQLException {
        Properties p = new Properties();
        p.setProperty("password", password);
        return DriverManager.getConnection(jdbcUrl(name), p);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook itself is running
        }
        stopQuietly();
    }

    private void stopQuietly() {
        try {
            if (Files.exists(data.resolve("postmaster.pid"))) {
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast", "-w", "stop"), 60);
            }
        } catch (RuntimeException e) {
            System.err.println("local PostgreSQL: stop failed: " + e.getMessage());
        }
        try (Stream<Path> files = Files.walk(base)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("local PostgreSQL: cannot delete " + base + ": " + e.getMessage());
        }
    }

    private void run(List<String> command, int timeoutSeconds) {
        List<String> full = new ArrayList<>();
        if (asOtherUser) {
            full.addAll(List.of("runuser", "-u", OS_USER, "--"));
        }
        full.addAll(command);
        try {
            Path log = Files.createTempFile(base.getParent(), "pg-command-", ".log");
            try {
                Process p = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException("local PostgreSQL: " + command.get(0) + " did not finish in " + timeoutSeconds + " s");
                }
                if (p.exitValue() != 0) {
                    throw new IllegalStateException("local PostgreSQL: " + String.join(" ", full) + " exited " + p.exitValue()
                            + ":\n" + Files.readString(log) + serverLog());
                }
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("local PostgreSQL: cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("local PostgreSQL: interrupted", e);
        }
    }

    private String serverLog() throws IOException {
        Path log = base.resolve("server.log");
        return Files.exists(log) ? "\nserver log:\n" + Files.readString(log) : "";
    }

    /**
     * PostgreSQL's binaries: {@code $IBENCH_PG_BIN}, else the newest {@code /usr/lib/postgresql/<v>/bin} that has initdb
     * (the rule {@code deploy/local/postgres-local.sh} follows too).
     */
    public static Path binaries() {
        String fromEnv = System.getenv("IBENCH_PG_BIN");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv);
        }
        Path root = Path.of("/usr/lib/postgresql");
        try (Stream<Path> versions = Files.isDirectory(root) ? Files.list(root) : Stream.empty()) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> versionOf(b.getParent())))
                    .orElseThrow(() -> new IllegalStateException("local PostgreSQL: no initdb under " + root
                            + "; install Debian's postgresql package (./test.sh does) or set IBENCH_PG_BIN"));
        } catch (IOException e) {
            throw new UncheckedIOException("local PostgreSQL: cannot list " + root, e);
        }
    }

    private static int versionOf(Path dir) {
        try {
            return Integer.parseInt(dir.getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isRoot() {
        try {
            Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
            String uid = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            return uid.equals("0");
        } catch (IOException e) {
            throw new UncheckedIOException("local PostgreSQL: cannot run id -u", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("local PostgreSQL: interrupted", e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }
}
