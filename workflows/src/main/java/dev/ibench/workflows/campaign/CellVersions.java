package dev.ibench.workflows.campaign;

/**
 * The change ids of {@code Workflow.getVersion} markers a cell's run records ({@link CellWorkflowImpl} and its modes):
 * each guards a change of the commands a cell emits, so histories recorded before it replay unchanged.
 */
final class CellVersions {
    private CellVersions() {}

    /**
     * Version marker of recording a sample rejection as {@code rejected}; histories written before it
     * (no marker) keep recording it as infra_error so they replay identically.
     */
    static final String SAMPLE_REJECTED_STATUS = "sample-rejected-status";
    /**
     * Version marker of stopping a cell once more than its {@code maxRejectedShare} of items were rejected; runs
     * recorded before it never stopped for that and replay unchanged.
     */
    static final String REJECTED_SHARE_STOP = "rejected-share-stop";
    /**
     * Version marker of retry runs that read the unsettled items in pages and continue as new like a normal run;
     * retry runs recorded before it read the whole list in one activity result and replay unchanged.
     */
    static final String RETRY_PAGES = "retry-pages";
    /**
     * Version marker of direct cells that call the model for batches of consecutive items (one activity per batch on the
     * LLM queue, then one scoring activity per batch); runs recorded before it (no marker) take the per-item path.
     */
    static final String BATCHED_ITEMS = "batched-items";
    /**
     * Version marker of bounding how long the cell's model-call and scoring activities wait for a worker and naming the
     * task queue in the cell's details when they wait longer ({@link QueueWaits}); runs recorded before it wait
     * silently and replay unchanged.
     */
    static final String QUEUE_WAITS = "queue-waits";
    /**
     * Version marker of recording an item a batch reports as refused for budget as deferred when the batch settles;
     * before it the item waited in the per-item queue, which a paused cell does not run, so its deferral was only
     * recorded if that queue ran it (and was refused again) before the pause reached the cell. Runs recorded before it
     * replay unchanged.
     */
    static final String BATCH_BUDGET_DEFERRAL = "batch-budget-deferral";
    /**
     * Version marker of batched cells whose batches are whole rounds and, near the cell's end, hold at most half the
     * items left ({@link BatchSizer#towardsTheEnd}), so the batches running at once end together; runs recorded before
     * it (no marker) size their batches as before.
     */
    static final String EVEN_BATCH_ENDS = "even-batch-ends";
    /**
     * Version marker of batches that stop starting items when their cell asks ({@link CellWorkflowImpl#batchesMayContinue}: paused, or
     * a smaller window), whose unstarted rest is batched again instead of going through the per-item path, and which
     * are therefore longer ({@link BatchSizer#yielding}). Runs recorded before it (no marker) run every batch to its
     * end with the shorter sizes.
     */
    static final String YIELDING_BATCHES = "yielding-batches";

    /**
     * Version marker of a stopped cell that returns its progress with state STOPPED and its reason instead of failing
     * its workflow, of {@code max_rejected_share} applying only once {@code min_settled_before_stop} items settled, of
     * the cell's state recorded in the results store for the reports (completed, stopped, paused, running, cancelled),
     * and of sql cells' scoring timeouts derived from their query deadline. Runs recorded before it (no marker) throw
     * {@code CellStopped}, stop on any share and record no state, and replay unchanged.
     */
    static final String CELL_STOP_RETURNS = "cell-stop-returns";

    /**
     * Version marker of direct cells whose model calls run in one window batch over the rest of the cell with the whole
     * window, each slot refilled as its own call ends, so a slow call holds only its slot ({@link WindowedCellMode}); the
     * batch's stored outputs are scored while it runs ({@link WindowScoring}). Runs recorded before it (no marker) run
     * half-window batches that end together.
     */
    static final String SLOT_REFILL = "slot-refill";

    /**
     * Version marker of a model-call batch (a window batch, or a batched cell's batch) that counts {@code min(items,
     * concurrency)} of the cell's slots in flight instead of its whole concurrency, so a batch of fewer items than its
     * window (a one-item cell, a cell's last items) no longer shows more in flight than items left, and a batched cell's
     * next batch may start in the slots such a batch leaves free. Runs recorded before it (no marker) count the whole
     * concurrency.
     */
    static final String ITEM_SLOTS = "batch-item-slots";

    /**
     * Version marker of a {@code batch: true} cell sent through the provider's Batch API ({@link BatchApiCellMode},
     * docs/batch.md). Only cells whose plan carries batch settings ask for it, so no history recorded before it meets it.
     */
    static final String BATCH_API = "batch-api";

    /**
     * Version marker of a BFCL memory cell that first runs its scenarios' prerequisite conversations
     * ({@link dev.ibench.workflows.multiturn.BfclMemoryCellMode}), then its questions as multi-turn children. Only cells
     * whose plan names memory scenarios ask for it, so no history recorded before it meets it.
     */
    static final String BFCL_MEMORY = "bfcl-memory";

    /**
     * Version marker of a BFCL memory cell that, paused when its run starts, waits for its resume before running its
     * scenarios' prerequisite conversations (before it, they ran and were paid for while the cell showed PAUSED). Asked
     * only by a paused memory cell, so no history recorded before it meets it.
     */
    static final String MEMORY_AFTER_RESUME = "bfcl-memory-after-resume";

    /**
     * Version marker of a BFCL memory cell whose pause and resume are passed on to its running scenario children, which
     * then ask the model nothing until resumed (before it, a pause held only the questions). Asked by every memory cell
     * when it starts its scenarios; histories recorded before it replay without it.
     */
    static final String MEMORY_PAUSES = "bfcl-memory-pauses";
}
