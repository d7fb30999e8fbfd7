package dev.ibench.workflows.campaign;

import dev.ibench.activities.store.CellStateRecord;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.workflows.multiturn.BfclMemoryCellMode;
import dev.ibench.workflows.multiturn.MultiTurnCellMode;
import dev.ibench.workflows.react.ReactCellMode;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;

/**
 * Walks a cell's work items (sample position x trial) with at most {@code samplesInFlight} model calls in flight. The
 * coordinator: it picks the way the cell runs and answers the signals and queries; the run's shared state is a
 * {@link CellRun}. Direct cells run window batches ({@link WindowedCellMode}, since {@link CellVersions#SLOT_REFILL}) or,
 * recorded before it, half-window batches ({@link BatchedCellMode}, since {@link CellVersions#BATCHED_ITEMS}); the direct
 * cells of a {@code batch: true} model go through the provider's Batch API ({@link BatchApiCellMode}); ReACT
 * and BFCL multi-turn cells, retry runs and runs recorded before batches take each item through its own model call and
 * scoring or child ({@link PerItemCellMode}); a BFCL memory cell first runs its scenarios' prerequisite conversations
 * ({@link BfclMemoryCellMode}, since {@link CellVersions#BFCL_MEMORY}). The results themselves go to the results store, history only carries
 * counts. Before history grows large the run drains its window and continues as new with its cursor ({@link CellEnd}).
 */
public final class CellWorkflowImpl implements CellWorkflow {
    private CellRun run;
    /** The running window path, which answers whether its batch may go on; null on every other path. */
    private WindowedCellMode window;

    @Override
    public CellProgress run(CellInput input) {
        run = new CellRun(input);
        if (!run.stopReturns) {
            return runCell();
        }
        Async.procedure(() -> Workflow.newDetachedCancellationScope(run.records::recordPauses).run());
        try {
            return runCell();
        } catch (CanceledFailure cancelled) {
            Workflow.newDetachedCancellationScope(() -> run.records.recordState(CellStateRecord.CANCELLED, null)).run();
            throw cancelled;
        }
    }

    private CellProgress runCell() {
        ItemRunner items = new ItemRunner(run);
        PerItemCellMode perItem = new PerItemCellMode(run, items);
        boolean retryOnly = run.input.retryOnly();
        // a memory cell's run (its first, or a retry run's) fills its scenarios' memory before any question; a run continued
        // as new has started its questions, so the memory is there
        if (BfclMemoryCellMode.applies(run.cell) && run.nextIndex == 0
                && Workflow.getVersion(CellVersions.BFCL_MEMORY, Workflow.DEFAULT_VERSION, 1) >= 1) {
            awaitResumedBeforeMemory();
            fillMemory();
        }
        if (retryOnly && Workflow.getVersion(CellVersions.RETRY_PAGES, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return perItem.retryInPages();
        }
        // batch: true cells (plans with batch settings, which no history before them has) go through the Batch API
        if (!retryOnly && run.cell.batch() != null && !ReactCellMode.applies(run.cell) && !MultiTurnCellMode.applies(run.cell)
                && Workflow.getVersion(CellVersions.BATCH_API, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return new BatchApiCellMode(run, items).run();
        }
        // multi-turn cells (plans with multiTurnStepsPerTurn, which no history before them has) take the per-item path
        if (!retryOnly && !ReactCellMode.applies(run.cell) && !MultiTurnCellMode.applies(run.cell)
                && Workflow.getVersion(CellVersions.BATCHED_ITEMS, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return runBatches(items);
        }
        return perItem.run();
    }

    /**
     * Since {@link CellVersions#MEMORY_AFTER_RESUME}: a memory cell that is paused when its run starts (started paused, or
     * its campaign paused by a budget) starts no prerequisite conversation, which the model would be paid for, until it
     * is resumed.
     */
    private void awaitResumedBeforeMemory() {
        if (!run.paused || Workflow.getVersion(CellVersions.MEMORY_AFTER_RESUME, Workflow.DEFAULT_VERSION, 1) < 1) {
            return;
        }
        run.setState(CellState.PAUSED);
        Workflow.setCurrentDetails("**BFCL memory** " + run.cell.model() + " on " + run.cell.benchmark()
                + ": paused before the prerequisite conversations");
        Workflow.await(() -> !run.paused);
    }

    /**
     * Runs the memory cell's prerequisite conversations (since {@link CellVersions#MEMORY_PAUSES} held while the cell is
     * paused); the endpoint's refusal of them stops the cell (every question
     * would be refused too), any other failure leaves that scenario's questions to end as infrastructure errors.
     */
    private void fillMemory() {
        Workflow.setCurrentDetails("**BFCL memory** " + run.cell.model() + " on " + run.cell.benchmark() + ": running the prerequisite "
                + "conversations of " + String.join(", ", run.cell.memoryScenarios()));
        boolean forwardPauses = Workflow.getVersion(CellVersions.MEMORY_PAUSES, Workflow.DEFAULT_VERSION, 1) >= 1;
        for (BfclMemoryCellMode.Failed f : BfclMemoryCellMode.fill(run.input.campaignId(), run.cell,
                paid -> run.counts.spent(paid.promptTokens(), paid.completionTokens(), paid.costUsd(), paid.tokensUnknownCalls()),
                forwardPauses ? () -> run.paused : null)) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(f.type())) {
                run.stop(f.message());
            }
        }
    }

    /**
     * A direct cell since {@link CellVersions#BATCHED_ITEMS}: window batches since {@link CellVersions#SLOT_REFILL}, half-window
     * batches before; since {@link CellVersions#ITEM_SLOTS} a batch counts only as many slots in flight as it holds items.
     */
    private CellProgress runBatches(ItemRunner items) {
        boolean evenEnds = Workflow.getVersion(CellVersions.EVEN_BATCH_ENDS, Workflow.DEFAULT_VERSION, 1) >= 1;
        boolean yielding = Workflow.getVersion(CellVersions.YIELDING_BATCHES, Workflow.DEFAULT_VERSION, 1) >= 1;
        boolean windowed = yielding && Workflow.getVersion(CellVersions.SLOT_REFILL, Workflow.DEFAULT_VERSION, 1) >= 1;
        boolean itemSlots = Workflow.getVersion(CellVersions.ITEM_SLOTS, Workflow.DEFAULT_VERSION, 1) >= 1;
        if (windowed) {
            window = new WindowedCellMode(run, items, itemSlots);
            return window.run();
        }
        return new BatchedCellMode(run, items, evenEnds, yielding, itemSlots).run();
    }

    /** A signal before the run started changes nothing: the run takes its pause and window from its input. */
    @Override
    public void pause() {
        if (run == null) {
            return;
        }
        run.paused = true;
        if (run.state() == CellState.RUNNING) {
            run.setState(CellState.PAUSED);
        }
    }

    @Override
    public void resume() {
        if (run == null) {
            return;
        }
        run.paused = false;
        if (run.state() == CellState.PAUSED) {
            run.setState(CellState.RUNNING);
        }
    }

    @Override
    public void setSamplesInFlight(int samplesInFlight) {
        if (run != null && samplesInFlight > 0) {
            run.samplesInFlight = samplesInFlight;
        }
    }

    @Override
    public boolean batchesMayContinue() {
        if (window != null) {
            return window.batchMayContinue();
        }
        return run == null || run.failure == null && !run.paused && run.inFlight <= run.samplesInFlight;
    }

    @Override
    public CellProgress progress() {
        if (run == null) {
            return new CellProgress(null, null, null, null, CellState.PLANNING, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0);
        }
        return run.progress();
    }
}
