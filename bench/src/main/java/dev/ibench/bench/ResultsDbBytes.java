package dev.ibench.bench;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreDialect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many bytes a campaign's results store takes per item (PostgreSQL: {@link #measurePostgres}): the file's size after a WAL checkpoint (so every
 * committed page is in the file), and the same without the raw model outputs (their UTF-8 bytes in {@code model_calls},
 * reasoning included), which stay per item by design. Also the stored bytes of rendered prompts per item, read from
 * whichever prompt tables the schema has, and the artifacts' bytes (eval set and databases, once per campaign).
 */
final class ResultsDbBytes {
    private ResultsDbBytes() {}

    static Map<String, Object> measure(ResultsDatabase database, Path file, long items) throws SQLException, IOException {
        if (database.dialect() == StoreDialect.POSTGRESQL) {
            return measurePostgres(database, items);
        }
        long outputs;
        long artifacts;
        long prompts = 0;
        try (Connection c = database.connection(); Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            outputs = longOf(s, "SELECT COALESCE(SUM(LENGTH(CAST(raw_output AS BLOB))), 0) + COALESCE(SUM(LENGTH(CAST(reasoning AS BLOB))), 0) "
                    + "FROM model_calls");
            artifacts = longOf(s, "SELECT COALESCE(SUM(LENGTH(data)), 0) FROM artifact_chunks");
            for (String query : new String[] {
                    "SELECT COALESCE(SUM(LENGTH(CAST(prompt_json AS BLOB))), 0) FROM rendered_prompts",
                    "SELECT COALESCE(SUM(LENGTH(CAST(prompt_json AS BLOB))), 0) FROM react_step_prompts",
                    "SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM prompt_texts"}) {
                try {
                    prompts += longOf(s, query);
                } catch (SQLException noSuchColumnOrTable) {
                    // older or newer schema: the other tables hold the prompts
                }
            }
        }
        long size = Files.size(file);
        Path wal = file.resolveSibling(file.getFileName() + "-wal");
        if (Files.exists(wal)) {
            size += Files.size(wal);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("results_db_bytes", size);
        putPerItem(out, size, outputs, artifacts, prompts, items);
        return out;
    }

    /** The per-item figures of a store of {@code size} bytes, in the order both measures write them. */
    private static void putPerItem(Map<String, Object> out, long size, long outputs, long artifacts, long prompts, long items) {
        out.put("results_db_bytes_per_item", round(size / (double) items));
        out.put("results_db_bytes_per_item_without_outputs", round((size - outputs) / (double) items));
        out.put("raw_output_bytes_per_item", round(outputs / (double) items));
        // the eval set and its databases, stored once per campaign whatever its size: a small run's per-item numbers carry them
        out.put("artifact_bytes", artifacts);
        out.put("results_db_bytes_per_item_without_artifacts", round((size - artifacts) / (double) items));
        out.put("prompt_text_bytes_per_item", round(prompts / (double) items));
    }

    /**
     * PostgreSQL: the database's size ({@code pg_database_size}, every table, index and TOAST table of the store, after
     * the campaign; dead rows not yet vacuumed included), the same without the raw outputs' bytes (their uncompressed
     * UTF-8 length: PostgreSQL may store long ones compressed, so this is a lower bound of the rest), and the ten largest
     * relations with their indexes and TOAST ({@code pg_total_relation_size}).
     */
    private static Map<String, Object> measurePostgres(ResultsDatabase database, long items) throws SQLException {
        Map<String, Object> out = new LinkedHashMap<>();
        try (Connection c = database.connection(); Statement s = c.createStatement()) {
            long size = longOf(s, "SELECT pg_database_size(current_database())");
            long outputs = longOf(s, "SELECT COALESCE(SUM(octet_length(raw_output)), 0) + COALESCE(SUM(octet_length(reasoning)), 0) FROM model_calls");
            long artifacts = longOf(s, "SELECT COALESCE(SUM(octet_length(data)), 0) FROM artifact_chunks");
            long prompts = longOf(s, "SELECT COALESCE(SUM(octet_length(prompt_json)), 0) FROM rendered_prompts")
                    + longOf(s, "SELECT COALESCE(SUM(octet_length(prompt_json)), 0) FROM react_step_prompts")
                    + longOf(s, "SELECT COALESCE(SUM(octet_length(text)), 0) FROM prompt_texts");
            out.put("results_db_bytes", size);
            out.put("results_db_bytes_how", "pg_database_size(current_database())");
            putPerItem(out, size, outputs, artifacts, prompts, items);
            Map<String, Long> tables = new LinkedHashMap<>();
            try (ResultSet rs = s.executeQuery("SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c "
                    + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema() "
                    + "ORDER BY 2 DESC LIMIT 10")) {
                while (rs.next()) {
                    tables.put(rs.getString(1), rs.getLong(2));
                }
            }
            out.put("largest_tables_bytes", tables);
        }
        return out;
    }

    private static long longOf(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
