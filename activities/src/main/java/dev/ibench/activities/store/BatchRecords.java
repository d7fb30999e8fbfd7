package dev.ibench.activities.store;

import java.time.Instant;
import java.util.Optional;

/**
 * The {@code llm_batches} rows (docs/batch.md): written before anything is sent to the provider, so a restarted worker
 * polls a batch it created instead of submitting its items again.
 */
public final class BatchRecords {
    private final StoreStatements statements;

    public BatchRecords(ResultsDatabase database) {
        this.statements = new StoreStatements(database);
    }

    /** The row of {@code batchKey}, written now (status {@link BatchRecord#PREPARING}) unless it exists. */
    public BatchRecord open(String batchKey, String cellId, int fromIndex, String endpoint, long notBefore) {
        statements.update("record batch " + batchKey,
                "INSERT INTO llm_batches(batch_key, cell_id, from_index, item_count, endpoint, input_file_id, batch_id, status, not_before,"
                        + " updated_at) VALUES (?,?,?,0,?,NULL,NULL,?,?,?) ON CONFLICT(batch_key) DO NOTHING",
                batchKey, cellId, fromIndex, endpoint, BatchRecord.PREPARING, notBefore, now());
        return get(batchKey).orElseThrow();
    }

    public Optional<BatchRecord> get(String batchKey) {
        return statements.query("read batch " + batchKey,
                "SELECT batch_key, cell_id, from_index, item_count, endpoint, request_url, input_file_id, batch_id, status, not_before"
                        + " FROM llm_batches"
                        + " WHERE batch_key=?",
                rs -> new BatchRecord(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getString(5), rs.getString(6),
                        rs.getString(7), rs.getString(8), rs.getString(9), rs.getLong(10)),
                batchKey).stream().findFirst();
    }

    /**
     * The uploaded input file, the batch endpoint of its lines and how many items it holds lines for; kept if a batch id
     * is already recorded.
     */
    public void inputFile(String batchKey, String inputFileId, String requestUrl, int itemCount) {
        statements.update("record input file of batch " + batchKey,
                "UPDATE llm_batches SET input_file_id=?, request_url=?, item_count=?, updated_at=? WHERE batch_key=? AND batch_id IS NULL",
                inputFileId, requestUrl, itemCount, now(), batchKey);
    }

    /** The part had nothing to send ({@link BatchRecord#NOTHING_TO_SEND}) over {@code itemCount} items. */
    public void nothingToSend(String batchKey, int itemCount) {
        statements.update("record empty batch " + batchKey,
                "UPDATE llm_batches SET status=?, item_count=?, updated_at=? WHERE batch_key=? AND batch_id IS NULL AND input_file_id IS NULL",
                BatchRecord.NOTHING_TO_SEND, itemCount, now(), batchKey);
    }

    /** The provider's batch id; the first recorded wins. */
    public void batchId(String batchKey, String batchId, String status) {
        statements.update("record id of batch " + batchKey,
                "UPDATE llm_batches SET batch_id=?, status=?, updated_at=? WHERE batch_key=? AND batch_id IS NULL",
                batchId, status, now(), batchKey);
    }

    public void status(String batchKey, String status) {
        statements.update("record status of batch " + batchKey, "UPDATE llm_batches SET status=?, updated_at=? WHERE batch_key=?",
                status, now(), batchKey);
    }

    private static String now() {
        return Instant.now().toString();
    }
}
