package dev.ibench.activities.store;

import dev.ibench.activities.store.ResultsStore.StoredResult;
import java.sql.SQLException;
import java.util.List;

/** A cell's stored results read in keyset pages, each with its first model call's raw output. */
final class SampleResultPages {
    private final StoreStatements statements;

    SampleResultPages(StoreStatements statements) {
        this.statements = statements;
    }

    /**
     * Every result of a cell in {@link ResultsStore#sampleResults} order (sample position, then trial), read {@code pageSize} rows
     * at a time, each with its first model call's raw output: a report reads a cell with one query per page instead of
     * one per item, and holds one page at a time however large the cell. Keyset pages driven by the cell's sample list
     * (its primary key, {@code cell_id, position}), so every page is an index range: the last page costs what the first
     * does. Results whose sample is not in the cell's sample list (none in a planned campaign) come first, in one query.
     */
    void forEach(String cellId, int pageSize, java.util.function.Consumer<StoredResult> each) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + pageSize);
        }
        String columns = "r.sample_id, r.trial, r.status, r.completed, r.score_json, r.error, m.raw_output, m.step";
        String callJoin = " LEFT JOIN model_calls m ON m.cell_id=r.cell_id AND m.sample_id=r.sample_id AND m.trial=r.trial AND m.step=0";
        statements.query("read results of " + cellId + " outside its sample list",
                "SELECT " + columns + ", -1 FROM sample_results r" + callJoin + " WHERE r.cell_id=? AND NOT EXISTS "
                        + "(SELECT 1 FROM cell_samples s WHERE s.cell_id=r.cell_id AND s.sample_id=r.sample_id) ORDER BY r.sample_id, r.trial",
                rs -> pagedResult(cellId, rs), cellId).forEach(p -> each.accept(p.result()));
        long afterPosition = Long.MIN_VALUE;
        int afterTrial = Integer.MIN_VALUE;
        while (true) {
            List<PagedResult> page = statements.query("read results of " + cellId + " after position " + afterPosition,
                    "SELECT " + columns + ", s.position FROM cell_samples s "
                            + "JOIN sample_results r ON r.cell_id=s.cell_id AND r.sample_id=s.sample_id" + callJoin
                            + " WHERE s.cell_id=? AND (s.position > ? OR (s.position = ? AND r.trial > ?)) "
                            + "ORDER BY s.position, r.trial LIMIT ?",
                    rs -> pagedResult(cellId, rs), cellId, afterPosition, afterPosition, afterTrial, pageSize);
            page.forEach(p -> each.accept(p.result()));
            if (page.size() < pageSize) {
                return;
            }
            PagedResult last = page.get(page.size() - 1);
            afterPosition = last.position();
            afterTrial = last.result().result().trial();
        }
    }

    private static PagedResult pagedResult(String cellId, java.sql.ResultSet rs) throws SQLException {
        return new PagedResult(new StoredResult(new SampleResultRecord(cellId, rs.getString(1), rs.getInt(2), rs.getString(3),
                rs.getObject(4) == null ? null : rs.getInt(4) != 0, rs.getString(5), rs.getString(6)), rs.getString(7),
                rs.getObject(8) != null), rs.getLong(9));
    }

    private record PagedResult(StoredResult result, long position) {}
}
