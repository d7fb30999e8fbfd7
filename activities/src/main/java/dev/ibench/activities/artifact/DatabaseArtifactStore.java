package dev.ibench.activities.artifact;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStoreException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;

/**
 * Artifacts in the results database (tables {@code artifacts} and {@code artifact_chunks}, migration V3), SQLite or
 * PostgreSQL alike. Bytes move in chunks of {@value #CHUNK_BYTES} bytes, one chunk per statement, so a large
 * SQLite database never sits whole in memory. Chunks are inserted with {@code ON CONFLICT DO NOTHING} and the
 * {@code artifacts} row last, so concurrent or interrupted puts of the same bytes are harmless.
 */
public final class DatabaseArtifactStore implements ArtifactStore {
    public static final int CHUNK_BYTES = 1 << 20;

    private final ResultsDatabase database;

    public DatabaseArtifactStore(ResultsDatabase database) {
        this.database = database;
    }

    @Override
    public ArtifactHash put(Path file) {
        ArtifactHash hash = ArtifactHash.of(file);
        if (contains(hash)) {
            return hash;
        }
        long size = 0;
        int chunks = 0;
        try (InputStream in = Files.newInputStream(file); Connection c = database.connection();
             PreparedStatement insert = c.prepareStatement(
                     "INSERT INTO artifact_chunks(sha256, seq, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            byte[] buffer = new byte[CHUNK_BYTES];
            for (int n; (n = in.readNBytes(buffer, 0, CHUNK_BYTES)) > 0; ) {
                insert.setString(1, hash.hex());
                insert.setInt(2, chunks++);
                insert.setBytes(3, n == CHUNK_BYTES ? buffer : Arrays.copyOf(buffer, n));
                insert.executeUpdate();
                size += n;
            }
            ArtifactHash written = ArtifactHash.of(file);
            if (!written.equals(hash)) {
                throw new IllegalStateException(file + " changed while it was stored as an artifact; store it again");
            }
            try (PreparedStatement row = c.prepareStatement(
                    "INSERT INTO artifacts(sha256, size_bytes, chunks, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
                row.setString(1, hash.hex());
                row.setLong(2, size);
                row.setInt(3, chunks);
                row.setString(4, Instant.now().toString());
                row.executeUpdate();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " to store it as an artifact", e);
        } catch (SQLException e) {
            throw new ResultsStoreException(database.description() + ": cannot store artifact " + hash + " (" + file + "): "
                    + e.getMessage(), e);
        }
        return hash;
    }

    @Override
    public boolean contains(ArtifactHash hash) {
        return chunkCount(hash) >= 0;
    }

    /** The number of chunks of a complete artifact, -1 when it is not stored. */
    private int chunkCount(ArtifactHash hash) {
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement("SELECT chunks FROM artifacts WHERE sha256 = ?")) {
            ps.setString(1, hash.hex());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        } catch (SQLException e) {
            throw new ResultsStoreException(database.description() + ": cannot look up artifact " + hash + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void copyTo(ArtifactHash hash, OutputStream out) {
        int chunks = chunkCount(hash);
        if (chunks < 0) {
            throw new ArtifactNotFoundException(hash, description());
        }
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement("SELECT data FROM artifact_chunks WHERE sha256 = ? AND seq = ?")) {
            for (int seq = 0; seq < chunks; seq++) {
                ps.setString(1, hash.hex());
                ps.setInt(2, seq);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new ArtifactNotFoundException(hash, description() + " (chunk " + seq + " of " + chunks + " missing)");
                    }
                    out.write(rs.getBytes(1));
                }
            }
        } catch (SQLException e) {
            throw new ResultsStoreException(database.description() + ": cannot read artifact " + hash + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write artifact " + hash + " locally", e);
        }
    }

    @Override
    public String description() {
        return "the artifact tables of " + database.description();
    }
}
