package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.UnscoredPage;
import dev.ibench.activities.campaign.WorkItem;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.util.List;

/**
 * The per-item ways a cell runs, each item through its own model call and scoring or child ({@link ItemRunner}) in one
 * of the window's slots: ReACT and BFCL multi-turn cells, runs recorded before {@link CellVersions#BATCHED_ITEMS}, and
 * retry runs (read a page at a time since {@link CellVersions#RETRY_PAGES}, as one list before it).
 */
final class PerItemCellMode {
    /** Items per page of a retry run: a small activity result whatever the size of the cell. */
    static final int RETRY_PAGE_SIZE = 200;

    private final CellRun run;
    private final ItemRunner items;

    PerItemCellMode(CellRun run, ItemRunner items) {
        this.run = run;
        this.items = items;
    }

    /**
     * Every item from {@code nextIndex} on (a retry run recorded before {@link CellVersions#RETRY_PAGES}: the unsettled
     * items of the cell, read in one activity result); before history grows large the run drains and continues as new.
     */
    CellProgress run() {
        List<WorkItem> retryItems = run.input.retryOnly() ? run.planning.unscoredWork(run.cell.cellId()) : null;
        run.total = retryItems != null ? retryItems.size() : run.cell.workItems();
        run.startRunning();
        // retry runs of the first kind keep their whole item list, so they never continue as new
        while (run.nextIndex < run.total && run.failure == null && (retryItems != null || !CellEnd.historyIsLarge())) {
            awaitSlot();
            if (run.failure != null) {
                break;
            }
            WorkItem item = retryItems != null ? retryItems.get(run.nextIndex) : run.itemAt(run.nextIndex);
            run.nextIndex++;
            launch(item);
        }
        Workflow.await(() -> run.inFlight == 0);
        return CellEnd.after(run, run.nextIndex < run.total, false);
    }

    /**
     * A retry run: the cell's unsettled items in index order, read a page at a time from {@code nextIndex} (an item
     * index, {@code position * trials + trial}); before history grows large it drains and continues as new from there.
     */
    CellProgress retryInPages() {
        UnscoredPage page = run.planning.unscoredWorkPage(run.cell.cellId(), run.nextIndex, RETRY_PAGE_SIZE);
        run.total = run.counts.done + page.remaining();
        run.startRunning();
        boolean historyFull = false;
        while (run.failure == null && !historyFull && !page.items().isEmpty()) {
            for (WorkItem item : page.items()) {
                awaitSlot();
                if (run.failure != null || CellEnd.historyIsLarge()) {
                    historyFull = run.failure == null;
                    break;
                }
                run.nextIndex = item.position() * run.cell.trials() + item.trial() + 1;
                launch(item);
            }
            if (run.failure == null && !historyFull) {
                page = run.planning.unscoredWorkPage(run.cell.cellId(), run.nextIndex, RETRY_PAGE_SIZE);
            }
        }
        Workflow.await(() -> run.inFlight == 0);
        return CellEnd.after(run, historyFull, true);
    }

    /** Until the cell stopped, or it runs unpaused with a free slot. */
    private void awaitSlot() {
        Workflow.await(() -> run.failure != null || (!run.paused && run.inFlight < run.samplesInFlight));
    }

    private void launch(WorkItem item) {
        run.inFlight++;
        Async.procedure(items::process, item);
    }
}
