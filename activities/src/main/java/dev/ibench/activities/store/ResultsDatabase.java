package dev.ibench.activities.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The SQLite file behind the results store: opened in WAL mode with a busy timeout so several
 * worker processes on one machine can write to it, with the schema created on first open.
 */
public final class ResultsDatabase implements AutoCloseable {
    private static final String SCHEMA = "/dev/ibench/activities/store/results-schema.sql";
    private final Path file;
    private final Connection connection;

    private ResultsDatabase(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    public static ResultsDatabase open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA busy_timeout=30000");
                s.execute("PRAGMA synchronous=NORMAL");
                String[] schema = schemaStatements();
                for (String ddl : schema) {
                    s.execute(ddl);
                }
                ResultsSchemaUpgrade.apply(c, schema);
            }
            return new ResultsDatabase(file, c);
        } catch (SQLException e) {
            throw new ResultsStoreException("results store " + file + ": cannot open: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("results store " + file + ": cannot create its directory", e);
        }
    }

    private static String[] schemaStatements() throws IOException {
        try (InputStream in = ResultsDatabase.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IOException("schema resource " + SCHEMA + " missing from the classpath");
            }
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)--.*$", "");
            return java.util.Arrays.stream(sql.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toArray(String[]::new);
        }
    }

    Connection connection() {
        return connection;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new ResultsStoreException("results store " + file + ": cannot close: " + e.getMessage(), e);
        }
    }
}
