package dev.ibench.activities.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The tables a database holds before ibench touches it, to tell an ibench results store (Flyway's history table, or
 * the V1 tables of a store written before migrations) from an empty database and from someone else's
 * database (a BIRD {@code superhero.sqlite} named by mistake), which ibench must not add its tables to.
 */
record StoreTables(List<String> names) {
    /** Flyway's history table and the distinctive tables of V1 (a store written before migrations has some of these). */
    private static final Set<String> IBENCH = Set.of("flyway_schema_history", "campaigns", "cells", "cell_samples", "model_calls",
            "tool_executions", "sample_results", "rendered_prompts", "llm_response_cache");

    static StoreTables of(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = meta.getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                String name = rs.getString("TABLE_NAME");
                if (!name.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
                    names.add(name);
                }
            }
        }
        return new StoreTables(List.copyOf(names));
    }

    boolean isEmpty() {
        return names.isEmpty();
    }

    boolean holdsIbenchSchema() {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).anyMatch(IBENCH::contains);
    }

    /** The first few table names, for a message. */
    String sample() {
        List<String> shown = names.subList(0, Math.min(5, names.size()));
        return String.join(", ", shown) + (names.size() > shown.size() ? " and " + (names.size() - shown.size()) + " more" : "");
    }
}
