package dev.ibench.activities.store;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and writes campaign results (schema: docs/results-store.md) on SQLite or PostgreSQL. Every write
 * is an upsert keyed by campaign/cell/sample/trial/step ids, so an activity that is retried or resumed after a
 * crash rewrites its own row and never duplicates one. Thread-safe: each operation borrows a pooled
 * connection (and runs in its own transaction when it writes).
 */
public final class ResultsStore {
    private final ResultsDatabase database;
    private final StoreStatements statements;
    private final StoredPromptRows prompts;
    private final SampleResultPages pages;
    public ResultsStore(ResultsDatabase database) {
        this.database = database;
        this.statements = new StoreStatements(database);
        this.prompts = new StoredPromptRows(database, statements);
        this.pages = new SampleResultPages(statements);
    }

    /** The database this store reads and writes (other stores of the same schema share it, e.g. the spend ledger). */
    public ResultsDatabase database() {
        return database;
    }

    public void saveCampaign(String campaignId, String name, String specJson) {
        update("save campaign " + campaignId,
                "INSERT INTO campaigns(campaign_id, name, spec_json, created_at) VALUES (?,?,?,?) "
                        + "ON CONFLICT(campaign_id) DO UPDATE SET name=excluded.name, spec_json=excluded.spec_json",
                campaignId, name, specJson, now());
    }

    public void saveCell(CellRecord cell) {
        update("save cell " + cell.cellId(),
                "INSERT INTO cells(cell_id, campaign_id, model, benchmark, mode, ablation, eval_set, trials) "
                        + "VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(cell_id) DO UPDATE SET eval_set=excluded.eval_set, trials=excluded.trials",
                cell.cellId(), cell.campaignId(), cell.model(), cell.benchmark(), cell.mode(), cell.ablation(),
                cell.evalSet(), cell.trials());
    }

    public Optional<CellRecord> cell(String cellId) {
        return query("read cell " + cellId,
                "SELECT cell_id, campaign_id, model, benchmark, mode, ablation, eval_set, trials FROM cells WHERE cell_id=?",
                rs -> new CellRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7), rs.getInt(8)),
                cellId).stream().findFirst();
    }

    public List<CellRecord> cells(String campaignId) {
        return query("read cells of " + campaignId,
                "SELECT cell_id, campaign_id, model, benchmark, mode, ablation, eval_set, trials FROM cells WHERE campaign_id=? ORDER BY " + database.dialect().insertionOrder(),
                rs -> new CellRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7), rs.getInt(8)),
                campaignId);
    }

    /** Stores the cell's sample order once; a second call for the same cell keeps the first order. */
    public void saveCellSamples(String cellId, List<String> sampleIds) {
        inTransaction("save samples of " + cellId, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO cell_samples(cell_id, position, sample_id) VALUES (?,?,?) ON CONFLICT DO NOTHING")) {
                for (int i = 0; i < sampleIds.size(); i++) {
                    ps.setString(1, cellId);
                    ps.setInt(2, i);
                    ps.setString(3, sampleIds.get(i));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        });
    }

    public List<String> cellSampleIds(String cellId) {
        return query("read samples of " + cellId,
                "SELECT sample_id FROM cell_samples WHERE cell_id=? ORDER BY position", rs -> rs.getString(1), cellId);
    }

    /** How many samples the cell has (its {@link #cellSampleIds}, counted in the database). */
    public int cellSampleCount(String cellId) {
        return query("count samples of " + cellId, "SELECT COUNT(*) FROM cell_samples WHERE cell_id=?", rs -> rs.getInt(1), cellId).get(0);
    }

    public Optional<String> sampleIdAt(String cellId, int position) {
        return query("read sample " + position + " of " + cellId,
                "SELECT sample_id FROM cell_samples WHERE cell_id=? AND position=?", rs -> rs.getString(1), cellId, position)
                .stream().findFirst();
    }

    /** The sample ids at positions {@code from} (inclusive) to {@code to} (exclusive) of a cell, by position (missing ones absent). */
    public Map<Integer, String> sampleIdsBetween(String cellId, int from, int to) {
        Map<Integer, String> ids = new HashMap<>();
        query("read samples " + from + ".." + (to - 1) + " of " + cellId,
                "SELECT position, sample_id FROM cell_samples WHERE cell_id=? AND position>=? AND position<?",
                rs -> ids.put(rs.getInt(1), rs.getString(2)), cellId, from, to);
        return ids;
    }

    /** Which (sample id, trial) of the samples at positions {@code from}..{@code to - 1} of a cell have a stored step-0 model output. */
    public Set<String> storedModelCallsBetween(String cellId, int from, int to) {
        return new HashSet<>(query("read stored model calls " + from + ".." + (to - 1) + " of " + cellId,
                "SELECT m.sample_id, m.trial FROM cell_samples s JOIN model_calls m ON m.cell_id=s.cell_id AND m.sample_id=s.sample_id "
                        + "WHERE s.cell_id=? AND s.position>=? AND s.position<? AND m.step=0",
                rs -> storedCallKey(rs.getString(1), rs.getInt(2)), cellId, from, to));
    }

    /** The key {@link #storedModelCallsBetween} names a stored output by. */
    public static String storedCallKey(String sampleId, int trial) {
        return sampleId + "\n" + trial;
    }

    public void saveModelCall(ModelCallRecord r) {
        update("save model call " + key(r.cellId(), r.sampleId(), r.trial()) + " step " + r.step(),
                "INSERT INTO model_calls(cell_id, sample_id, trial, step, cache_key, raw_output, prompt_tokens, "
                        + "completion_tokens, latency_ms, cache_hit, created_at, reasoning, reasoning_tokens) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) "
                        + "ON CONFLICT(cell_id, sample_id, trial, step) DO UPDATE SET cache_key=excluded.cache_key, "
                        + "raw_output=excluded.raw_output, prompt_tokens=excluded.prompt_tokens, "
                        + "completion_tokens=excluded.completion_tokens, latency_ms=excluded.latency_ms, cache_hit=excluded.cache_hit, "
                        + "reasoning=excluded.reasoning, reasoning_tokens=excluded.reasoning_tokens",
                r.cellId(), r.sampleId(), r.trial(), r.step(), r.cacheKey(), r.rawOutput(), r.promptTokens(),
                r.completionTokens(), r.latencyMs(), r.cacheHit() ? 1 : 0, now(), r.reasoning(), r.reasoningTokens());
    }

    public Optional<ModelCallRecord> modelCall(String cellId, String sampleId, int trial, int step) {
        return query("read model call " + key(cellId, sampleId, trial) + " step " + step,
                "SELECT cache_key, raw_output, prompt_tokens, completion_tokens, latency_ms, cache_hit, reasoning, reasoning_tokens "
                        + "FROM model_calls WHERE cell_id=? AND sample_id=? AND trial=? AND step=?",
                rs -> new ModelCallRecord(cellId, sampleId, trial, step, rs.getString(1), rs.getString(2),
                        (Integer) rs.getObject(3), (Integer) rs.getObject(4),
                        rs.getObject(5) == null ? null : rs.getLong(5), rs.getInt(6) != 0, rs.getString(7),
                        rs.getObject(8) == null ? null : rs.getInt(8)),
                cellId, sampleId, trial, step).stream().findFirst();
    }

    /**
     * The prompt a direct cell sent for a sample's trial (after its ablation), as JSON; stored as a delta against the
     * cell's base prompt, which is kept once by content ({@link PromptStorage}). {@link #prompt} returns it exactly.
     */
    public void savePrompt(String cellId, String sampleId, int trial, String promptJson) {
        prompts.savePrompt(cellId, sampleId, trial, promptJson);
    }

    public Optional<String> prompt(String cellId, String sampleId, int trial) {
        return prompts.prompt(cellId, sampleId, trial);
    }

    /** The prompt step {@code step} of a ReACT trajectory sent (after the cell's ablation), as JSON; stored as {@link #savePrompt} stores. */
    public void saveStepPrompt(String cellId, String sampleId, int trial, int step, String promptJson) {
        prompts.saveStepPrompt(cellId, sampleId, trial, step, promptJson);
    }

    /** The stored prompts of a ReACT trajectory, in step order. */
    public List<String> stepPrompts(String cellId, String sampleId, int trial) {
        return prompts.stepPrompts(cellId, sampleId, trial);
    }

    /** How many times this store looked a base prompt up in {@code prompt_texts} (once per base, not once per prompt). */
    long promptTextLookups() {
        return prompts.promptTextLookups();
    }

    /** Stores an ablation's material for a sample once: a second write under the same key keeps the first. */
    public void saveAblationGeneration(String key, String ablation, String sampleId, String outcomeJson) {
        update("save " + ablation + " of sample " + sampleId,
                "INSERT INTO ablation_generations(generation_key, ablation, sample_id, outcome_json, created_at) VALUES (?,?,?,?,?) "
                        + "ON CONFLICT(generation_key) DO NOTHING",
                key, ablation, sampleId, outcomeJson, now());
    }

    public Optional<String> ablationGeneration(String key) {
        return query("read ablation generation " + key, "SELECT outcome_json FROM ablation_generations WHERE generation_key=?",
                rs -> rs.getString(1), key).stream().findFirst();
    }

    public void saveToolExecution(ToolExecutionRecord r) {
        update("save tool execution " + key(r.cellId(), r.sampleId(), r.trial()) + " step " + r.step(),
                "INSERT INTO tool_executions(cell_id, sample_id, trial, step, call_json, observation, ok) VALUES (?,?,?,?,?,?,?) "
                        + "ON CONFLICT(cell_id, sample_id, trial, step) DO UPDATE SET call_json=excluded.call_json, "
                        + "observation=excluded.observation, ok=excluded.ok",
                r.cellId(), r.sampleId(), r.trial(), r.step(), r.callJson(), r.observation(), r.ok() ? 1 : 0);
    }

    public List<ToolExecutionRecord> toolExecutions(String cellId, String sampleId, int trial) {
        return query("read tool executions of " + key(cellId, sampleId, trial),
                "SELECT step, call_json, observation, ok FROM tool_executions WHERE cell_id=? AND sample_id=? AND trial=? ORDER BY step",
                rs -> new ToolExecutionRecord(cellId, sampleId, trial, rs.getInt(1), rs.getString(2), rs.getString(3), rs.getInt(4) != 0),
                cellId, sampleId, trial);
    }

    public void saveSampleResult(SampleResultRecord r) {
        update("save result " + key(r.cellId(), r.sampleId(), r.trial()),
                "INSERT INTO sample_results(cell_id, sample_id, trial, status, completed, score_json, error, updated_at) "
                        + "VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(cell_id, sample_id, trial) DO UPDATE SET status=excluded.status, "
                        + "completed=excluded.completed, score_json=excluded.score_json, error=excluded.error, updated_at=excluded.updated_at",
                r.cellId(), r.sampleId(), r.trial(), r.status(),
                r.completed() == null ? null : (r.completed() ? 1 : 0), r.scoreJson(), r.error(), now());
    }

    /** Records an infra_error for an item unless it already has a scored result (a late duplicate never hides a score). */
    public void saveInfraError(String cellId, String sampleId, int trial, String error) {
        update("save infra_error of " + key(cellId, sampleId, trial),
                "INSERT INTO sample_results(cell_id, sample_id, trial, status, completed, score_json, error, updated_at) "
                        + "VALUES (?,?,?,'infra_error',NULL,NULL,?,?) ON CONFLICT(cell_id, sample_id, trial) DO UPDATE SET "
                        + "error=excluded.error, updated_at=excluded.updated_at WHERE sample_results.status='infra_error'",
                cellId, sampleId, trial, error, now());
    }

    /**
     * Records that the endpoint rejected an item (e.g. its prompt exceeds the context). Replaces an infra_error
     * (a retry that learned the real reason) but never a scored result.
     */
    public void saveRejected(String cellId, String sampleId, int trial, String message) {
        update("save rejected of " + key(cellId, sampleId, trial),
                "INSERT INTO sample_results(cell_id, sample_id, trial, status, completed, score_json, error, updated_at) "
                        + "VALUES (?,?,?,'rejected',NULL,NULL,?,?) ON CONFLICT(cell_id, sample_id, trial) DO UPDATE SET "
                        + "status=excluded.status, error=excluded.error, updated_at=excluded.updated_at "
                        + "WHERE sample_results.status IN ('infra_error','rejected')",
                cellId, sampleId, trial, message, now());
    }

    /** Records the state a cell's workflow reached ({@link CellStateRecord}); the last write wins. */
    public void saveCellState(CellStateRecord r) {
        update("save state of cell " + r.cellId(),
                "INSERT INTO cell_states(cell_id, state, reason, updated_at) VALUES (?,?,?,?) "
                        + "ON CONFLICT(cell_id) DO UPDATE SET state=excluded.state, reason=excluded.reason, updated_at=excluded.updated_at",
                r.cellId(), r.state(), r.reason(), now());
    }

    /** The state a cell's workflow last recorded; empty for cells of campaigns run before cell states were recorded. */
    public Optional<CellStateRecord> cellState(String cellId) {
        return query("read state of cell " + cellId, "SELECT state, reason FROM cell_states WHERE cell_id=?",
                rs -> new CellStateRecord(cellId, rs.getString(1), rs.getString(2)), cellId).stream().findFirst();
    }

    public Optional<String> campaignName(String campaignId) {
        return query("read campaign " + campaignId, "SELECT name FROM campaigns WHERE campaign_id=?",
                rs -> rs.getString(1), campaignId).stream().findFirst();
    }

    /** Every campaign in the store with its planned and finished items, newest first. */
    public List<CampaignSummary> campaignSummaries() {
        return query("list campaigns",
                "SELECT c.campaign_id, c.name, c.created_at, "
                        + "(SELECT COALESCE(SUM(ce.trials * (SELECT COUNT(*) FROM cell_samples s WHERE s.cell_id=ce.cell_id)), 0) "
                        + "FROM cells ce WHERE ce.campaign_id=c.campaign_id), "
                        + "(SELECT COUNT(*) FROM sample_results r JOIN cells ce ON ce.cell_id=r.cell_id WHERE ce.campaign_id=c.campaign_id) "
                        + "FROM campaigns c ORDER BY c.created_at DESC, c.campaign_id DESC",
                rs -> new CampaignSummary(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getLong(5)));
    }

    /** The specs (JSON) of every campaign in the store, oldest first. */
    public List<String> campaignSpecJsons() {
        return query("read campaign specs", "SELECT spec_json FROM campaigns ORDER BY " + database.dialect().insertionOrder(), rs -> rs.getString(1));
    }

    public Optional<String> campaignSpecJson(String campaignId) {
        return query("read campaign " + campaignId, "SELECT spec_json FROM campaigns WHERE campaign_id=?",
                rs -> rs.getString(1), campaignId).stream().findFirst();
    }

    public List<SampleResultRecord> sampleResults(String cellId) {
        return query("read results of " + cellId,
                "SELECT r.sample_id, r.trial, r.status, r.completed, r.score_json, r.error FROM sample_results r "
                        + "LEFT JOIN cell_samples s ON s.cell_id=r.cell_id AND s.sample_id=r.sample_id "
                        + "WHERE r.cell_id=? ORDER BY s.position, r.trial",
                rs -> new SampleResultRecord(cellId, rs.getString(1), rs.getInt(2), rs.getString(3),
                        rs.getObject(4) == null ? null : rs.getInt(4) != 0, rs.getString(5), rs.getString(6)),
                cellId);
    }

    /**
     * Every result of a cell in {@link #sampleResults} order (sample position, then trial), read {@code pageSize} rows
     * at a time, each with its first model call's raw output ({@link SampleResultPages}): a report holds one page at a
     * time however large the cell.
     */
    public void forEachSampleResult(String cellId, int pageSize, java.util.function.Consumer<StoredResult> each) {
        pages.forEach(cellId, pageSize, each);
    }

    /** A stored result with its first model call's raw output ({@code hasCall}: the item has a step-0 model call). */
    public record StoredResult(SampleResultRecord result, String rawOutput, boolean hasCall) {}

    public void recordError(String cellId, String sampleId, int trial, int step, String kind, String message) {
        update("record error of " + key(cellId, sampleId, trial),
                "INSERT INTO errors(cell_id, sample_id, trial, step, kind, message, created_at) VALUES (?,?,?,?,?,?,?) "
                        + "ON CONFLICT(cell_id, sample_id, trial, step, kind) DO UPDATE SET message=excluded.message, created_at=excluded.created_at",
                cellId, sampleId, trial, step, kind, message, now());
    }

    /** For each of {@code kinds} recorded for a cell: on how many answers (sample and trial) and one of its messages. */
    public List<ErrorCount> errorCounts(String cellId, List<String> kinds) {
        if (kinds.isEmpty()) {
            return List.of();
        }
        Object[] args = new Object[kinds.size() + 1];
        args[0] = cellId;
        for (int i = 0; i < kinds.size(); i++) {
            args[i + 1] = kinds.get(i);
        }
        return query("count errors of cell " + cellId,
                "SELECT kind, COUNT(DISTINCT sample_id || '/' || trial), MIN(message) FROM errors WHERE cell_id=? AND kind IN ("
                        + String.join(",", Collections.nCopies(kinds.size(), "?")) + ") GROUP BY kind ORDER BY kind",
                rs -> new ErrorCount(rs.getString(1), rs.getInt(2), rs.getString(3)), args);
    }

    /** How a write or read names the item in a failure message. */
    static String key(String cellId, String sampleId, int trial) {
        return cellId + "#" + sampleId + "/" + trial;
    }

    private static String now() {
        return Instant.now().toString();
    }

    private <T> List<T> query(String what, String sql, StoreStatements.RowMapper<T> mapper, Object... args) {
        return statements.query(what, sql, mapper, args);
    }

    private void update(String what, String sql, Object... args) {
        statements.updateInTransaction(what, sql, args);
    }

    private void inTransaction(String what, StoreStatements.SqlWork work) {
        statements.inTransaction(what, work);
    }

}
