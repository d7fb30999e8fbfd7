package dev.ibench.bench;

import dev.ibench.activities.store.ResultsDatabase;
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
 * How many bytes a campaign's SQLite results store takes per item: the file's size after a WAL checkpoint (so every
 * committed page is in the file), and the same without the raw model outputs (their UTF-8 bytes in {@code model_calls},
 * reasoning included), which stay per item by design. Also the stored bytes of rendered prompts per item, read from
 * whichever prompt tables the schema has, and the artifacts' bytes (eval set and databases, once per campaign).
 */
final class ResultsDbBytes {
    private ResultsDbBytes() {}

    static Map<String, Object> measure(ResultsDatabase database, Path file, long items) throws SQLException, IOException {
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
        out.put("results_db_bytes_per_item", round(size / (double) items));
        out.put("results_db_bytes_per_item_without_outputs", round((size - outputs) / (double) items));
        out.put("raw_output_bytes_per_item", round(outputs / (double) items));
        // the eval set and its databases, stored once per campaign whatever its size: a small run's per-item numbers carry them
        out.put("artifact_bytes", artifacts);
        out.put("results_db_bytes_per_item_without_artifacts", round((size - artifacts) / (double) items));
        out.put("prompt_text_bytes_per_item", round(prompts / (double) items));
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
