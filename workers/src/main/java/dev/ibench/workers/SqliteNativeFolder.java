package dev.ibench.workers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the SQLite JDBC driver extracts its native library: {@code <home>/.ibench/native/sqlite-jdbc}, never the system
 * temp folder (its default). Set once per process, before the first SQLite connection, through the driver's system
 * property {@value #PROPERTY} (a process-wide setting: the driver reads nothing else), unless the user set it.
 */
public final class SqliteNativeFolder {
    /** The system property sqlite-jdbc's {@code SQLiteJDBCLoader} reads for its extraction folder. */
    public static final String PROPERTY = "org.sqlite.tmpdir";

    private SqliteNativeFolder() {}

    /** Points the driver at the home's folder (created here) unless {@value #PROPERTY} is already set; returns the folder used. */
    public static Path configure(IbenchHome home) {
        String set = System.getProperty(PROPERTY);
        if (set != null && !set.isBlank()) {
            return Path.of(set);
        }
        Path folder = home.state().resolve("native").resolve("sqlite-jdbc");
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder + " for the SQLite driver's native library: " + e.getMessage(), e);
        }
        System.setProperty(PROPERTY, folder.toString());
        return folder;
    }
}
