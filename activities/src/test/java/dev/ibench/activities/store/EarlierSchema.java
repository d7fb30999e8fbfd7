package dev.ibench.activities.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;

/**
 * TEST TOOL: a store brought only up to an earlier schema version (as a worker of that release left it), with rows
 * written by plain SQL, so a test can then open it with {@link ResultsDatabase#open} and check what the later
 * migrations make of them.
 */
public final class EarlierSchema {
    private EarlierSchema() {}

    /** Migrates {@code location} up to {@code version} only, then runs {@code sql} (statements separated by ";\n"). */
    public static void create(StoreLocation location, String password, String version, String sql) throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location.jdbcUrl());
        if (password != null) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(location.dialect() == StoreDialect.SQLITE ? 1 : 3); // Flyway locks PostgreSQL on a second connection
        try (HikariDataSource pool = new HikariDataSource(config)) {
            Flyway.configure().dataSource(pool).locations(location.dialect().migrations())
                    .target(MigrationVersion.fromVersion(version)).load().migrate();
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                for (String statement : sql.split(";\n")) {
                    if (!statement.isBlank()) {
                        s.execute(statement);
                    }
                }
            }
        }
    }
}
