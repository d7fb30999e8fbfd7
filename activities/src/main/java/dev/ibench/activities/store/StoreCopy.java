package dev.ibench.activities.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies every row of one results store into another (e.g. a campaign's SQLite file into PostgreSQL), table by
 * table in dependency order, campaigns and cells in their original insertion order. Rows whose key the target
 * already holds are left as they are ({@code ON CONFLICT DO NOTHING}), so an interrupted copy can simply be run
 * again. Both stores are migrated to the current schema when opened, so their columns agree.
 */
public final class StoreCopy {
    private static final int BATCH = 500;

    /**
     * A table to copy: its columns (without the dialect's insertion-order column), whether it keeps insertion order,
     * and how many rows go in one batch (few for artifact chunks of up to 1 MiB each).
     */
    private record Table(String name, List<String> columns, boolean ordered, int batch) {
        Table(String name, List<String> columns, boolean ordered) {
            this(name, columns, ordered, BATCH);
        }
    }

    private static final List<Table> TABLES = List.of(
            new Table("campaigns", List.of("campaign_id", "name", "spec_json", "created_at"), true),
            new Table("cells", List.of("cell_id", "campaign_id", "model", "benchmark", "mode", "ablation", "eval_set", "trials"), true),
            new Table("cell_samples", List.of("cell_id", "position", "sample_id"), false),
            new Table("model_calls", List.of("cell_id", "sample_id", "trial", "step", "cache_key", "raw_output", "prompt_tokens",
                    "completion_tokens", "latency_ms", "cache_hit", "created_at", "reasoning", "reasoning_tokens"), false),
            // base texts before the prompt rows that refer to them
            new Table("prompt_texts", List.of("sha256", "text"), false, 50),
            new Table("rendered_prompts", List.of("cell_id", "sample_id", "trial", "prompt_json", "base_sha256", "prefix_chars",
                    "suffix_chars"), false),
            new Table("react_step_prompts", List.of("cell_id", "sample_id", "trial", "step", "prompt_json", "base_sha256", "prefix_chars",
                    "suffix_chars"), false),
            new Table("tool_executions", List.of("cell_id", "sample_id", "trial", "step", "call_json", "observation", "ok"), false),
            new Table("sample_results", List.of("cell_id", "sample_id", "trial", "status", "completed", "score_json", "error",
                    "updated_at"), false),
            new Table("errors", List.of("cell_id", "sample_id", "trial", "step", "kind", "message", "created_at"), false),
            new Table("llm_response_cache", List.of("cache_key", "endpoint", "model", "response_json", "prompt_tokens",
                    "completion_tokens", "latency_ms", "created_at", "hits", "last_hit_at"), false),
            new Table("ablation_generations", List.of("generation_key", "ablation", "sample_id", "outcome_json", "created_at"), false),
            // chunks before the artifacts rows: a row means its artifact is complete (docs/artifacts.md)
            new Table("artifact_chunks", List.of("sha256", "seq", "data"), false, 4),
            new Table("artifacts", List.of("sha256", "size_bytes", "chunks", "created_at"), false),
            // ledger rows keep their entry_id, so a second copy adds nothing (see continueIdentity for PostgreSQL)
            new Table("spend_ledger", List.of("entry_id", "campaign_id", "cell_id", "model", "endpoint", "sample_id", "trial", "attempt",
                    "outcome", "error_kind", "prompt_tokens", "completion_tokens", "latency_ms", "cost_usd", "created_at", "reasoning_tokens",
                    "cached_prompt_tokens", "cached_at_input_price"), false),
            new Table("budgets", List.of("campaign_id", "scope", "usd", "tokens"), false),
            new Table("budget_deferrals", List.of("cell_id", "sample_id", "trial"), false),
            new Table("rest_work_records", List.of("work_id", "name", "sha256", "created_at"), false),
            new Table("cell_states", List.of("cell_id", "state", "reason", "updated_at"), false),
            new Table("llm_batches", List.of("batch_key", "cell_id", "from_index", "item_count", "endpoint", "request_url", "input_file_id",
                    "batch_id", "status", "not_before", "updated_at"), false),
            new Table("bfcl_memory_snapshots", List.of("cell_id", "trial", "scenario", "conversations", "snapshot_sha256", "memory_context"),
                    false));

    /** Per table: rows read from the source and rows the target newly received. */
    public record TableCount(long read, long inserted) {}

    private StoreCopy() {}

    /** Copies {@code from} into {@code to}; returns the counts per table, in copy order. */
    public static Map<String, TableCount> copy(ResultsDatabase from, ResultsDatabase to) {
        Map<String, TableCount> counts = new LinkedHashMap<>();
        boolean targetHadCampaigns = hasCampaigns(to);
        for (Table table : TABLES) {
            try {
                counts.put(table.name(), copy(table, from, to));
                if (table.name().equals("spend_ledger")) {
                    continueIdentity(to);
                    recountRunningTotals(to);
                }
            } catch (SQLException e) {
                throw new ResultsStoreException("copy of table " + table.name() + " from " + from.description() + " to "
                        + to.description() + " failed: " + e.getMessage(), e);
            }
        }
        if (!targetHadCampaigns) {
            takeInstallation(from, to);
        }
        return Collections.unmodifiableMap(counts);
    }

    /**
     * The target's running spend totals ({@code spend_totals}, migration V5.1.1) counted again from its ledger, which now
     * holds the copied rows (a row copied without its totals would leave budgets short).
     */
    private static void recountRunningTotals(ResultsDatabase to) {
        to.inOneTransaction(() -> {
            try (Connection c = to.connection(); Statement s = c.createStatement()) {
                s.executeUpdate("DELETE FROM spend_totals");
                for (String scope : List.of("''", "model")) {
                    s.executeUpdate("INSERT INTO spend_totals(campaign_id, scope, tokens, cost_usd) SELECT campaign_id, " + scope + ", "
                            + "SUM(CASE WHEN outcome = 'cache_hit' THEN 0 ELSE prompt_tokens + completion_tokens END), "
                            + "COALESCE(SUM(cost_usd), 0) FROM spend_ledger WHERE campaign_id IS NOT NULL GROUP BY campaign_id"
                            + (scope.equals("model") ? ", model" : ""));
                }
            }
        });
    }

    /**
     * A store moved into a new one stays the same installation: the target takes the source's installation id (and
     * its legacy-queues flag), so the campaigns still running on the source's task queues are served by the workers of
     * the target. A target that already held campaigns keeps its own id (its running campaigns are on its queues).
     */
    private static void takeInstallation(ResultsDatabase from, ResultsDatabase to) {
        Installation source = Installation.of(from);
        try (Connection c = to.connection();
             PreparedStatement ps = c.prepareStatement("UPDATE installation SET installation_id = ?, legacy_queues = ?")) {
            ps.setString(1, source.id());
            ps.setInt(2, source.legacyQueues() ? 1 : 0);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new ResultsStoreException("copy of the installation id from " + from.description() + " to " + to.description()
                    + " failed: " + e.getMessage(), e);
        }
    }

    private static boolean hasCampaigns(ResultsDatabase db) {
        try (Connection c = db.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1 FROM campaigns LIMIT 1")) {
            return rs.next();
        } catch (SQLException e) {
            throw new ResultsStoreException(db.description() + ": cannot read its campaigns: " + e.getMessage(), e);
        }
    }

    /** PostgreSQL's identity does not advance past explicitly inserted ids: move it past the copied ledger rows. */
    private static void continueIdentity(ResultsDatabase to) throws SQLException {
        if (to.dialect() != StoreDialect.POSTGRESQL) {
            return; // SQLite's AUTOINCREMENT continues after the largest id by itself
        }
        try (Connection c = to.connection(); Statement s = c.createStatement()) {
            s.execute("SELECT setval(pg_get_serial_sequence('spend_ledger', 'entry_id'), "
                    + "(SELECT COALESCE(MAX(entry_id), 0) + 1 FROM spend_ledger), false)");
        }
    }

    private static TableCount copy(Table table, ResultsDatabase from, ResultsDatabase to) throws SQLException {
        String columns = String.join(", ", table.columns());
        String select = "SELECT " + columns + " FROM " + table.name()
                + (table.ordered() ? " ORDER BY " + from.dialect().insertionOrder() : "");
        String insert = "INSERT INTO " + table.name() + "(" + columns + ") VALUES ("
                + String.join(",", Collections.nCopies(table.columns().size(), "?")) + ") ON CONFLICT DO NOTHING";
        long read = 0;
        long inserted = 0;
        try (Connection source = from.connection(); Connection target = to.connection();
             Statement s = source.createStatement()) {
            s.setFetchSize(table.batch());
            target.setAutoCommit(false);
            try (ResultSet rs = s.executeQuery(select); PreparedStatement ps = target.prepareStatement(insert)) {
                List<Object[]> pending = new ArrayList<>();
                while (rs.next()) {
                    Object[] row = new Object[table.columns().size()];
                    for (int i = 0; i < row.length; i++) {
                        row[i] = rs.getObject(i + 1);
                    }
                    pending.add(row);
                    read++;
                    if (pending.size() == table.batch()) {
                        inserted += insert(ps, pending);
                        target.commit();
                    }
                }
                inserted += insert(ps, pending);
                target.commit();
            } catch (SQLException | RuntimeException e) {
                ResultsDatabase.abandonTransaction(target, e);
                throw e;
            }
            target.setAutoCommit(true);
        }
        return new TableCount(read, inserted);
    }

    private static long insert(PreparedStatement ps, List<Object[]> rows) throws SQLException {
        for (Object[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                ps.setObject(i + 1, row[i]);
            }
            ps.addBatch();
        }
        long inserted = 0;
        for (int n : ps.executeBatch()) {
            inserted += Math.max(n, 0);
        }
        rows.clear();
        return inserted;
    }
}
