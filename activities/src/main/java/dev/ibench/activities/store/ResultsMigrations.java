package dev.ibench.activities.store;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * Brings a results database to the current schema with Flyway's versioned migrations
 * ({@code resources/dev/ibench/activities/store/migration/<dialect>/V*.sql}). A SQLite file written before
 * migrations existed has tables but no history table: it is baselined at version 0, so every migration runs
 * on it, and V1 only creates what is missing ({@code IF NOT EXISTS}). Several workers may open one new SQLite
 * file at the same moment; the loser of that race finds the history written and retries (PostgreSQL
 * serializes migrations with Flyway's advisory lock).
 */
final class ResultsMigrations {
    private static final int ATTEMPTS = 5;

    private ResultsMigrations() {}

    static void apply(DataSource dataSource, StoreDialect dialect) {
        Flyway flyway = Flyway.configure()
                .dataSource(dataSource)
                .locations(dialect.migrations())
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .baselineDescription("results store created before versioned migrations")
                .load();
        for (int attempt = 1; ; attempt++) {
            try {
                flyway.migrate();
                return;
            } catch (FlywayException e) {
                if (dialect != StoreDialect.SQLITE || attempt == ATTEMPTS) {
                    throw e;
                }
                pause(attempt);
            }
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(200L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ResultsStoreException("interrupted while migrating the results store", e);
        }
    }
}
