package dev.ibench.activities.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The artifact store on SQLite, on a real PostgreSQL and in a directory: by hash, chunked, verified on fetch. */
@ExtendWith(LocalPostgresExtension.class)
class ArtifactStoreTest {
    @TempDir Path dir;
    private ResultsDatabase database;

    @AfterEach
    void close() {
        if (database != null) {
            database.close();
        }
    }

    private ArtifactStore open(String backend, LocalPostgres pg) {
        if (backend.equals("directory")) {
            return new DirectoryArtifactStore(dir.resolve("artifacts"));
        }
        StoreBackend b = StoreBackend.valueOf(backend);
        database = b.open(b.newStore(dir, pg), pg);
        return new DatabaseArtifactStore(database);
    }

    /** 2.5 MiB of random bytes: three chunks of at most 1 MiB in the database store. */
    private Path bigFile() throws Exception {
        byte[] bytes = new byte[(5 << 20) / 2];
        new Random(42).nextBytes(bytes);
        return Files.write(dir.resolve("big.sqlite"), bytes);
    }

    private static String sha256Hex(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SQLITE", "POSTGRESQL", "directory"})
    void aFileIsStoredByItsSha256AndFetchedIntoTheCacheByteForByte(String backend, LocalPostgres pg) throws Exception {
        ArtifactStore store = open(backend, pg);
        Path file = bigFile();
        byte[] original = Files.readAllBytes(file);

        ArtifactHash hash = store.put(file);
        assertThat(hash.hex()).isEqualTo(sha256Hex(original));
        assertThat(hash.toString()).isEqualTo("sha256:" + sha256Hex(original));
        assertThat(store.contains(hash)).isTrue();
        assertThat(store.put(file)).as("storing the same bytes again").isEqualTo(hash);

        Path cached = new ArtifactCache(store, dir.resolve("machine-b/cache")).fetch(hash);
        assertThat(cached).startsWith(dir.resolve("machine-b/cache"));
        assertThat(Files.readAllBytes(cached)).isEqualTo(original);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.copyTo(hash, out);
        assertThat(out.toByteArray()).isEqualTo(original);

        if (database != null) {
            try (Connection c = database.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*), MAX(seq) FROM artifact_chunks WHERE sha256 = '" + hash.hex() + "'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("chunks of 1 MiB for 2.5 MiB").isEqualTo(3);
                assertThat(rs.getInt(2)).isEqualTo(2);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SQLITE", "POSTGRESQL", "directory"})
    void anUnknownHashIsNotFoundAndNamesTheStore(String backend, LocalPostgres pg) {
        ArtifactStore store = open(backend, pg);
        ArtifactHash unknown = new ArtifactHash("0".repeat(64));
        assertThat(store.contains(unknown)).isFalse();
        assertThatThrownBy(() -> new ArtifactCache(store, dir.resolve("cache")).fetch(unknown))
                .isInstanceOf(ArtifactNotFoundException.class)
                .hasMessageContaining("sha256:" + "0".repeat(64)).hasMessageContaining(store.description());
        assertThat(dir.resolve("cache").resolve("0".repeat(64))).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SQLITE", "POSTGRESQL"})
    void damagedStoredBytesAreRefusedAndNeverCached(String backend, LocalPostgres pg) throws Exception {
        ArtifactStore store = open(backend, pg);
        ArtifactHash hash = store.put(bigFile());
        try (Connection c = database.connection(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE artifact_chunks SET data = " + (backend.equals("SQLITE") ? "X'00'" : "'\\x00'::bytea")
                    + " WHERE sha256 = '" + hash.hex() + "' AND seq = 1");
        }
        Path cache = dir.resolve("cache");
        assertThatThrownBy(() -> new ArtifactCache(store, cache).fetch(hash))
                .isInstanceOf(ArtifactIntegrityException.class).hasMessageContaining(hash.toString()).hasMessageContaining("damaged");
        try (var files = Files.list(cache)) {
            assertThat(files).as("no file of a failed fetch stays in the cache").isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"directory"})
    void aDamagedFileInTheDirectoryStoreIsRefused(String backend, LocalPostgres pg) throws Exception {
        ArtifactStore store = open(backend, pg);
        ArtifactHash hash = store.put(bigFile());
        Path stored = dir.resolve("artifacts/sha256").resolve(hash.hex().substring(0, 2)).resolve(hash.hex());
        Files.write(stored, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> new ArtifactCache(store, dir.resolve("cache")).fetch(hash)).isInstanceOf(ArtifactIntegrityException.class);
    }

    @org.junit.jupiter.api.Test
    void storeMigrateCopiesArtifactsFromSqliteToPostgresql(LocalPostgres pg) throws Exception {
        Path file = bigFile();
        try (ResultsDatabase sqlite = StoreBackend.SQLITE.open(StoreBackend.SQLITE.newStore(dir, pg), pg);
             ResultsDatabase postgres = StoreBackend.POSTGRESQL.open(StoreBackend.POSTGRESQL.newStore(dir, pg), pg)) {
            ArtifactHash hash = new DatabaseArtifactStore(sqlite).put(file);
            var counts = dev.ibench.activities.store.StoreCopy.copy(sqlite, postgres);
            assertThat(counts).containsEntry("artifact_chunks", new dev.ibench.activities.store.StoreCopy.TableCount(3, 3))
                    .containsEntry("artifacts", new dev.ibench.activities.store.StoreCopy.TableCount(1, 1));
            Path fetched = new ArtifactCache(new DatabaseArtifactStore(postgres), dir.resolve("pg-cache")).fetch(hash);
            assertThat(Files.readAllBytes(fetched)).isEqualTo(Files.readAllBytes(file));
        }
    }

    @org.junit.jupiter.api.Test
    void referencesAreParsedStrictly() {
        assertThat(ArtifactHash.isReference("sha256:" + "a".repeat(64))).isTrue();
        assertThat(ArtifactHash.isReference("/data/x-slot.json")).isFalse();
        assertThatThrownBy(() -> ArtifactHash.parse("sha256:ABC")).hasMessageContaining("64 lowercase hex digits");
        assertThatThrownBy(() -> EvalSetLocator.PATHS_ONLY.localPath("sha256:" + "a".repeat(64)))
                .hasMessageContaining("no artifact store");
    }
}
