package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.BatchCallResult;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.ItemBatch;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.ScoringSweep;
import dev.ibench.activities.campaign.SweepResult;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The window path ({@link CellVersions#SLOT_REFILL}): one window batch at a time over the rest of the cell, with the whole
 * window as its concurrency, so each slot takes the next item as soon as its own call ends and no slot waits for a
 * neighbour's slow call; the batch yields (within about a second) when the cell pauses, changes its window or must
 * continue as new, and the next batch starts where it stopped. Items the batch could not settle go one by one through
 * the per-item path within the window, before the next batch.
 */
final class WindowedCellMode {
    /** How often a cell scores what its running window batch stored. */
    static final Duration SWEEP_INTERVAL = Duration.ofSeconds(10);

    private final CellRun run;
    private final ItemRunner items;
    private boolean historyFull;
    /** The window the running window batch was given (0: none running). */
    private int windowConcurrency;
    /** Since {@link CellVersions#ITEM_SLOTS}: a window batch takes only as many slots in flight as it holds items. */
    private final boolean itemSlots;
    /** The slots the running window batch counts in flight. */
    private int windowSlots;

    WindowedCellMode(CellRun run, ItemRunner items, boolean itemSlots) {
        this.run = run;
        this.items = items;
        this.itemSlots = itemSlots;
    }

    CellProgress run() {
        run.total = run.cell.workItems();
        run.startRunning();
        while (true) {
            noteLargeHistory();
            Workflow.await(() -> run.failure != null || canStart() || (run.perItem.isEmpty() && !hasRange() && run.inFlight == 0));
            if (run.failure != null || !canStart()) {
                break;
            }
            if (!run.perItem.isEmpty()) {
                run.inFlight++;
                Async.procedure(items::process, run.perItem.poll());
            } else {
                runWindow(run.nextIndex, run.total - run.nextIndex);
            }
        }
        Workflow.await(() -> run.inFlight == 0);
        return CellEnd.after(run, run.nextIndex < run.total, false);
    }

    /** Whether the running window batch should go on starting items (the cell's {@code batchesMayContinue}). */
    boolean batchMayContinue() {
        return run.failure == null && !run.paused && !historyFull && run.samplesInFlight == windowConcurrency;
    }

    /** Once history is large the running batch yields at its next check, and the run continues as new. */
    private void noteLargeHistory() {
        if (!historyFull && CellEnd.historyIsLarge()) {
            historyFull = true;
        }
    }

    private boolean hasRange() {
        return run.nextIndex < run.total && !historyFull;
    }

    /** Unpaused, with a per-item item and a free slot, or with items left and nothing in flight (a window batch takes the whole window). */
    private boolean canStart() {
        if (run.paused) {
            return false;
        }
        return !run.perItem.isEmpty() ? run.inFlight < run.samplesInFlight : hasRange() && run.inFlight == 0;
    }

    /**
     * One window batch over items {@code [from, from + count)}: while it calls the model, every {@link #SWEEP_INTERVAL}
     * the outputs it stored are scored; once it ends, its failed items are classified as a batch's are, the rest of
     * its started items is scored, and the unstarted rest stays for the next batch ({@code nextIndex}).
     */
    private void runWindow(int from, int count) {
        int to = from + count;
        int concurrency = run.samplesInFlight;
        String what = "items " + from + ".." + (to - 1);
        ItemBatch batch = new ItemBatch(run.cell.cellId(), run.cell.trials(), from, count, concurrency,
                CellStopRules.rejectionsBeforeStop(run, count), true, true);
        WindowScoring scoring = new WindowScoring(run.cell.cellId(), run.cell.trials(), from);
        windowSlots = itemSlots ? Math.min(count, concurrency) : concurrency;
        run.inFlight += windowSlots;
        windowConcurrency = concurrency;
        String llm = run.cell.llmTaskQueue();
        Promise<BatchCallResult> calls = Async.function(() -> run.waitingFor(llm,
                CellActivityOptions.modelCallWindow(llm, what + " · call " + run.cell.model()),
                o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModelBatch(batch)));
        while (!calls.isCompleted()) {
            Workflow.await(SWEEP_INTERVAL, calls::isCompleted);
            noteLargeHistory();
            if (!calls.isCompleted()) {
                try {
                    sweep(scoring, scoring.running(to));
                } catch (ActivityFailure notNow) {
                    // scored again by a later sweep or once the batch ended
                }
            }
        }
        BatchCallResult result;
        try {
            result = calls.get();
        } catch (ActivityFailure f) {
            windowFailed(f, scoring, to, concurrency);
            return;
        }
        settle(result, scoring, from);
        run.updated();
    }

    /** The window batch failed as a whole: the endpoint's refusal stops the cell, else what no sweep scored goes the per-item way. */
    private void windowFailed(ActivityFailure f, WindowScoring scoring, int to, int concurrency) {
        run.inFlight -= windowSlots;
        windowConcurrency = 0;
        if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
            run.stop(Failures.rootMessage(f));
            return;
        }
        // what the sweeps did not score goes the per-item way: the holes, and a window's worth after the scan
        scoring.holesWithout(List.of()).forEach(i -> run.perItem.add(run.itemAt(i)));
        int end = Math.min(to, scoring.scannedTo() + concurrency);
        for (int i = scoring.scannedTo(); i < end; i++) {
            run.perItem.add(run.itemAt(i));
        }
        run.nextIndex = end;
    }

    /** Counts the ended batch's spend and failures, frees its slots and sweeps its started items to the end. */
    private void settle(BatchCallResult result, WindowScoring scoring, int from) {
        run.counts.spent(result.promptTokens(), result.completionTokens(), result.costUsd(), result.tokensUnknownCalls());
        List<Integer> failed = new ArrayList<>();
        for (ItemFailure f : result.failures()) {
            failed.add(f.index());
            items.classifyBatchFailure(f);
        }
        // a retried batch that yielded early may have started fewer items than the sweeps already scanned
        int settledTo = Math.max(from + result.started(), scoring.scannedTo());
        run.nextIndex = settledTo;
        run.inFlight -= windowSlots;
        windowConcurrency = 0;
        sweepToTheEnd(run, scoring, settledTo, failed);
    }

    /**
     * Sweeps an ended batch's range up to {@code to}, without its {@code failed} items; what stays unscored (the holes, or
     * after a failed sweep everything not scanned) goes the per-item way.
     */
    static void sweepToTheEnd(CellRun run, WindowScoring scoring, int to, List<Integer> failed) {
        try {
            do {
                sweep(run, scoring, scoring.settled(to, failed));
            } while (!scoring.scanned(to));
            scoring.holesWithout(failed).forEach(i -> run.perItem.add(run.itemAt(i)));
        } catch (ActivityFailure f) {
            scoring.holesWithout(failed).forEach(i -> run.perItem.add(run.itemAt(i)));
            for (int i = scoring.scannedTo(); i < to; i++) {
                if (!failed.contains(i)) {
                    run.perItem.add(run.itemAt(i));
                }
            }
        }
    }

    private void sweep(WindowScoring scoring, ScoringSweep sweep) {
        sweep(run, scoring, sweep);
    }

    /** One scoring sweep of {@code run}: its counts, and its items that could not be scored here go the per-item way. */
    static void sweep(CellRun run, WindowScoring scoring, ScoringSweep sweep) {
        String scoringQueue = InstallationQueues.inWorkflow().scoring();
        String summary = "items " + sweep.scannedTo() + ".. · score on " + run.cell.benchmark();
        SweepResult result = run.waitingFor(scoringQueue,
                ScoringOptions.batch(run, scoringQueue, summary, sweep.maxItems() + sweep.holes().size()),
                o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreSweep(sweep));
        scoring.took(result);
        run.counts.scored(result.scored(), result.parsed(), result.completed());
        result.failures().forEach(f -> run.perItem.add(run.itemAt(f.index())));
        run.updated();
    }
}
