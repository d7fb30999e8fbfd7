package dev.ibench.activities.store;

import java.util.List;
import java.util.Optional;

/**
 * The {@code bfcl_memory_snapshots} rows (docs/bfcl.md, Memory): a memory scenario's memory in a cell's trial after
 * {@code conversations} of its prerequisite conversations ran (0: the empty memory), as the hash of its snapshot in the
 * artifact store and the text the model is shown. Written once: a retried conversation stores the same memory.
 */
public final class BfclMemoryRows {
    /** One row: {@code snapshotSha256} null for the empty memory. */
    public record Row(int conversations, String snapshotSha256, String memoryContext) {}

    private final StoreStatements statements;

    public BfclMemoryRows(ResultsDatabase database) {
        this.statements = new StoreStatements(database);
    }

    public void save(String cellId, int trial, String scenario, Row row) {
        statements.update("record memory of " + cellId + " trial " + trial + " scenario " + scenario + " after " + row.conversations()
                        + " conversations",
                "INSERT INTO bfcl_memory_snapshots(cell_id, trial, scenario, conversations, snapshot_sha256, memory_context) VALUES (?,?,?,?,?,?)"
                        + " ON CONFLICT(cell_id, trial, scenario, conversations) DO NOTHING",
                cellId, trial, scenario, row.conversations(), row.snapshotSha256(), row.memoryContext());
    }

    public Optional<Row> get(String cellId, int trial, String scenario, int conversations) {
        return statements.query("read memory of " + cellId + " trial " + trial + " scenario " + scenario,
                "SELECT conversations, snapshot_sha256, memory_context FROM bfcl_memory_snapshots"
                        + " WHERE cell_id=? AND trial=? AND scenario=? AND conversations=?",
                rs -> new Row(rs.getInt(1), rs.getString(2), rs.getString(3)), cellId, trial, scenario, conversations).stream().findFirst();
    }

    /** The rows of a scenario in a cell's trial, by the number of conversations run. */
    public List<Row> all(String cellId, int trial, String scenario) {
        return statements.query("read memory of " + cellId + " trial " + trial + " scenario " + scenario,
                "SELECT conversations, snapshot_sha256, memory_context FROM bfcl_memory_snapshots"
                        + " WHERE cell_id=? AND trial=? AND scenario=? ORDER BY conversations",
                rs -> new Row(rs.getInt(1), rs.getString(2), rs.getString(3)), cellId, trial, scenario);
    }
}
