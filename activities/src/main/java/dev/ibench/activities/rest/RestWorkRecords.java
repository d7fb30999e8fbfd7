package dev.ibench.activities.rest;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactIntegrityException;
import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStoreException;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * Where REST generation work records live (docs/rest-benchmarks.md): the record's JSON is an artifact, addressed by
 * its SHA-256 in the artifact store, and table {@code rest_work_records} of the results store (migration V3_2) maps
 * {@code (work id, record name)} to that hash. So every machine that reaches the results store (and the artifact
 * store, by default the same database) shares a job's records, with no shared folder. A record read back is
 * checked against its hash. Writing a name again points it at the new bytes, as replacing a file did. A record is
 * staged for the artifact store as a file of ibench's {@link ScratchFolder}, removed once stored.
 */
public final class RestWorkRecords {
    private final ResultsDatabase database;
    private final ArtifactStore artifacts;
    private final ScratchFolder scratch;

    public RestWorkRecords(ResultsDatabase database, ArtifactStore artifacts, ScratchFolder scratch) {
        this.database = database;
        this.artifacts = artifacts;
        this.scratch = scratch;
    }

    /** The artifact store the records' content lives in (REST outputs of artifact jobs are published there too). */
    public ArtifactStore artifacts() {
        return artifacts;
    }

    /** The record's bytes, verified against their hash; empty when no record of that name was written. */
    public Optional<byte[]> read(String workId, String name) {
        Optional<ArtifactHash> hash = hashOf(workId, name);
        if (hash.isEmpty()) return Optional.empty();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        artifacts.copyTo(hash.get(), bytes);
        byte[] content = bytes.toByteArray();
        MessageDigest digest = ArtifactHash.newDigest();
        digest.update(content);
        ArtifactHash actual = ArtifactHash.of(digest);
        if (!actual.equals(hash.get())) throw new ArtifactIntegrityException(hash.get(), actual, artifacts.description());
        return Optional.of(content);
    }

    /** Stores the bytes as an artifact, then points the record's name at them. */
    public void write(String workId, String name, byte[] content) {
        ArtifactHash hash = store(content);
        try (Connection c = database.connection();
             PreparedStatement upsert = c.prepareStatement("INSERT INTO rest_work_records(work_id, name, sha256, created_at) VALUES (?, ?, ?, ?) "
                     + "ON CONFLICT (work_id, name) DO UPDATE SET sha256 = excluded.sha256, created_at = excluded.created_at")) {
            upsert.setString(1, workId);
            upsert.setString(2, name);
            upsert.setString(3, hash.hex());
            upsert.setString(4, Instant.now().toString());
            upsert.executeUpdate();
        } catch (SQLException e) {
            throw new ResultsStoreException("cannot record REST work record " + workId + "/" + name + " in " + database.description()
                    + ": " + e.getMessage(), e);
        }
    }

    /** How the records' location is named in errors (never with a password). */
    public String describe(String workId) {
        return "REST work " + workId + " in " + database.description() + " (artifacts: " + artifacts.description() + ")";
    }

    private Optional<ArtifactHash> hashOf(String workId, String name) {
        try (Connection c = database.connection();
             PreparedStatement q = c.prepareStatement("SELECT sha256 FROM rest_work_records WHERE work_id = ? AND name = ?")) {
            q.setString(1, workId);
            q.setString(2, name);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? Optional.of(new ArtifactHash(rs.getString(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new ResultsStoreException("cannot read REST work record " + workId + "/" + name + " from " + database.description()
                    + ": " + e.getMessage(), e);
        }
    }

    private ArtifactHash store(byte[] content) {
        Path tmp = scratch.newFile("rest-work-record", ".json");
        try {
            Files.write(tmp, content);
            return artifacts.put(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage a REST work record for the artifact store in " + tmp + ": " + e.getMessage(), e);
        } finally {
            scratch.delete(tmp);
        }
    }
}
