package dev.ibench.activities.store;

/**
 * The SQL databases the results store runs on. Both share one schema and the same upserts
 * ({@code INSERT ... ON CONFLICT}); they differ only in their migration scripts and in how a table
 * remembers insertion order (SQLite's implicit {@code rowid}, PostgreSQL's identity column {@code row_order}).
 */
public enum StoreDialect {
    SQLITE("jdbc:sqlite:", "classpath:dev/ibench/activities/store/migration/sqlite", "rowid"),
    POSTGRESQL("jdbc:postgresql:", "classpath:dev/ibench/activities/store/migration/postgresql", "row_order");

    private final String urlPrefix;
    private final String migrations;
    private final String insertionOrder;

    StoreDialect(String urlPrefix, String migrations, String insertionOrder) {
        this.urlPrefix = urlPrefix;
        this.migrations = migrations;
        this.insertionOrder = insertionOrder;
    }

    public String urlPrefix() {
        return urlPrefix;
    }

    /** The Flyway location of this dialect's versioned migrations. */
    String migrations() {
        return migrations;
    }

    /** The column that orders {@code campaigns} and {@code cells} rows as they were first inserted. */
    String insertionOrder() {
        return insertionOrder;
    }
}
