package dev.ibench.activities.store.testing;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreLocation;
import java.nio.file.Path;

/**
 * The two backends a store test runs against: a SQLite file in the test's directory, or a fresh database on
 * the run's {@link LocalPostgres} (from {@link LocalPostgresExtension}). Parameterize a test with
 * {@code @EnumSource(StoreBackend.class)}.
 */
public enum StoreBackend {
    SQLITE,
    POSTGRESQL;

    /** A new, empty store of this backend. */
    public StoreLocation newStore(Path dir, LocalPostgres postgres) {
        return this == SQLITE
                ? StoreLocation.sqliteFile(dir.resolve("results.db"), "test")
                : StoreLocation.parse(postgres.newDatabase(), "test");
    }

    /** Opens (and migrates) a store of this backend with the password its server needs. */
    public ResultsDatabase open(StoreLocation location, LocalPostgres postgres) {
        return ResultsDatabase.open(location, this == POSTGRESQL ? postgres.password() : null);
    }
}
