package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.BatchCallResult;
import dev.ibench.activities.campaign.BatchScoreResult;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.ItemBatch;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.ScoringBatch;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The batched path (since {@link CellVersions#BATCHED_ITEMS}, before {@link CellVersions#SLOT_REFILL}): the window
 * ({@code samplesInFlight}) bounds the model calls in flight, and is filled with batches of consecutive items, each
 * holding up to half the window's slots; a batch's items are scored by one scoring activity after its calls, outside the
 * window. Items a batch could not settle go one by one through the per-item path, whose retries and classification are
 * those of a single item. A paused cell starts no new batch; since {@link CellVersions#YIELDING_BATCHES} its running
 * batches also stop starting items within about a second (and a smaller window makes them stop too), and their
 * unstarted items are batched again on resume.
 */
final class BatchedCellMode {
    /** Batches being scored that a cell lets pile up before it starts no new model-call batch. */
    static final int MAX_SETTLING_BATCHES = 4;

    private final CellRun run;
    private final ItemRunner items;
    private final boolean evenEnds;
    private final boolean yielding;
    private final BatchSizer sizer;
    /** Since {@link CellVersions#ITEM_SLOTS}: a batch takes only as many window slots as it holds items. */
    private final boolean itemSlots;
    /** Since {@link CellVersions#YIELDING_BATCHES}: ranges a batch left unstarted when its cell asked, batched again before new items. */
    private final Deque<ItemRange> returned = new ArrayDeque<>();
    /** Batches whose model calls are over and whose results are being counted and scored. */
    private int settling;
    private boolean historyFull;

    /** {@code count} consecutive work items from item index {@code from}. */
    private record ItemRange(int from, int count) {}

    BatchedCellMode(CellRun run, ItemRunner items, boolean evenEnds, boolean yielding, boolean itemSlots) {
        this.run = run;
        this.items = items;
        this.evenEnds = evenEnds;
        this.yielding = yielding;
        this.itemSlots = itemSlots;
        this.sizer = yielding ? BatchSizer.yielding() : BatchSizer.standard();
    }

    CellProgress run() {
        run.total = run.cell.workItems();
        run.startRunning();
        while (true) {
            if (!historyFull && CellEnd.historyIsLarge()) {
                historyFull = true;
            }
            Workflow.await(() -> run.failure != null || canLaunch() || (!hasWork() && busy() == 0));
            if (run.failure != null || !canLaunch()) {
                break;
            }
            if (!run.perItem.isEmpty()) {
                run.inFlight++;
                Async.procedure(items::process, run.perItem.poll());
            } else {
                launchBatch();
            }
        }
        Workflow.await(() -> busy() == 0);
        return CellEnd.after(run, run.nextIndex < run.total, false);
    }

    /** The next batch, of returned items first, with up to half the window's slots. */
    private void launchBatch() {
        int concurrency = Math.min(Math.max(1, (run.samplesInFlight + 1) / 2), run.samplesInFlight - run.inFlight);
        int from;
        int count;
        ItemRange range = returned.poll();
        if (range != null) {
            from = range.from();
            count = Math.min(range.count(), sizer.items(concurrency));
            if (count < range.count()) {
                returned.addFirst(new ItemRange(from + count, range.count() - count));
            }
        } else {
            int left = run.total - run.nextIndex;
            count = evenEnds ? BatchSizer.towardsTheEnd(sizer.items(concurrency), concurrency, left)
                    : Math.min(sizer.items(concurrency), left);
            from = run.nextIndex;
            run.nextIndex += count;
        }
        run.inFlight += slots(count, concurrency);
        Async.procedure(this::runBatch, from, count, concurrency);
    }

    /** The window slots a batch of {@code count} items run {@code concurrency} at once counts in flight. */
    private int slots(int count, int concurrency) {
        return itemSlots ? Math.min(count, concurrency) : concurrency;
    }

    private boolean hasWork() {
        return !run.perItem.isEmpty() || !returned.isEmpty() || (run.nextIndex < run.total && !historyFull);
    }

    private boolean canLaunch() {
        if (run.paused || run.inFlight >= run.samplesInFlight) {
            return false;
        }
        return !run.perItem.isEmpty()
                || (settling < MAX_SETTLING_BATCHES && (!returned.isEmpty() || (run.nextIndex < run.total && !historyFull)));
    }

    private int busy() {
        return run.inFlight + settling;
    }

    private void runBatch(int from, int count, int concurrency) {
        int slots = slots(count, concurrency);
        String what = "items " + from + ".." + (from + count - 1);
        BatchCallResult calls;
        try {
            ItemBatch batch = new ItemBatch(run.cell.cellId(), run.cell.trials(), from, count, concurrency,
                    CellStopRules.rejectionsBeforeStop(run, count), yielding);
            String llm = run.cell.llmTaskQueue();
            calls = run.waitingFor(llm, CellActivityOptions.modelCallBatch(llm, what + " · call " + run.cell.model()),
                    o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModelBatch(batch));
        } catch (ActivityFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                run.stop(Failures.rootMessage(f));
            } else {
                perItem(from, from + count, List.of());
            }
            run.inFlight -= slots;
            return;
        }
        settling++; // the cell is not done before the batch's results are counted
        boolean[] slotsFreed = {false};
        try {
            settle(from, count, concurrency, calls, what, () -> {
                run.inFlight -= slots;
                slotsFreed[0] = true;
            });
        } finally {
            if (!slotsFreed[0]) {
                run.inFlight -= slots;
            }
            settling--;
            run.updated();
        }
    }

    /**
     * Counts a batch's rejections, queues its unsettled items for the per-item path (the unstarted rest of a batch that
     * yielded to its cell goes back to be batched again), frees the batch's window slots and scores the rest.
     */
    private void settle(int from, int count, int concurrency, BatchCallResult calls, String what, Runnable freeSlots) {
        sizer.observe(calls.started(), calls.elapsedMillis(), concurrency);
        run.counts.spent(calls.promptTokens(), calls.completionTokens(), calls.costUsd(), calls.tokensUnknownCalls());
        List<Integer> unsettled = new ArrayList<>();
        for (ItemFailure f : calls.failures()) {
            unsettled.add(f.index());
            items.classifyBatchFailure(f);
        }
        if (yielding && calls.yielded()) {
            returned.add(new ItemRange(from + calls.started(), count - calls.started()));
        } else {
            perItem(from + calls.started(), from + count, List.of());
        }
        // the slots are freed once the rejections are counted, so the next batch knows how many more the cell allows
        freeSlots.run();
        if (calls.started() == unsettled.size()) {
            return;
        }
        try {
            ScoringBatch batch = new ScoringBatch(run.cell.cellId(), run.cell.trials(), from, calls.started(), unsettled);
            String summary = what + " · score on " + run.cell.benchmark();
            String scoring = InstallationQueues.inWorkflow().scoring();
            BatchScoreResult scores = run.waitingFor(scoring, ScoringOptions.batch(run, scoring, summary, calls.started()),
                    o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreBatch(batch));
            run.counts.scored(scores.scored(), scores.parsed(), scores.completed());
            scores.failures().forEach(f -> run.perItem.add(run.itemAt(f.index())));
        } catch (ActivityFailure f) {
            perItem(from, from + calls.started(), unsettled);
        }
    }

    /** Queues items {@code [from, to)} but {@code except} for the per-item path. */
    private void perItem(int from, int to, List<Integer> except) {
        for (int i = from; i < to; i++) {
            if (!except.contains(i)) {
                run.perItem.add(run.itemAt(i));
            }
        }
    }
}
