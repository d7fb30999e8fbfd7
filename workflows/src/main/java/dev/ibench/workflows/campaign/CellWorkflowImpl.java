package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.BatchCallResult;
import dev.ibench.activities.campaign.BatchScoreResult;
import dev.ibench.activities.campaign.CampaignPlanningActivities;
import dev.ibench.activities.campaign.ItemBatch;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.ScoringBatch;
import dev.ibench.activities.campaign.ScoringSweep;
import dev.ibench.activities.campaign.SweepResult;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ModelCallResult;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.UnscoredPage;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.multiturn.MultiTurnCellMode;
import dev.ibench.workflows.react.ReactCellMode;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import dev.ibench.activities.store.CellStateRecord;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * Walks a cell's work items (sample position x trial) with at most {@code samplesInFlight} model calls in flight.
 * Direct cells (since {@link #BATCHED_ITEMS}) call the model for batches of consecutive items, one activity per batch
 * on the model's LLM queue, then score each batch with one activity on the scoring queue; ReACT cells, retry runs and
 * runs recorded before that marker take each item through its own model call and scoring. The results themselves go
 * to the results store, history only carries counts. Before history grows large the run drains its window and
 * continues as new with its cursor.
 */
public final class CellWorkflowImpl implements CellWorkflow {
    /** Continue-as-new well before Temporal's own limits and our 10,000-event budget per run. */
    static final int HISTORY_EVENTS_BEFORE_CONTINUE = 6000;
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
    /** Items per page of a retry run: a small activity result whatever the size of the cell. */
    static final int RETRY_PAGE_SIZE = 200;
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
    /** The wait before the first check when the plan has no {@code no_worker_check_seconds} (plans recorded before it). */
    static final int DEFAULT_NO_WORKER_CHECK_SECONDS = 60;
    /** Batches being scored that a cell lets pile up before it starts no new model-call batch. */
    static final int MAX_SETTLING_BATCHES = 4;
    /**
     * Version marker of batched cells whose batches are whole rounds and, near the cell's end, hold at most half the
     * items left ({@link BatchSizer#towardsTheEnd}), so the batches running at once end together; runs recorded before
     * it (no marker) size their batches as before.
     */
    static final String EVEN_BATCH_ENDS = "even-batch-ends";
    /**
     * Version marker of batches that stop starting items when their cell asks ({@link #batchesMayContinue}: paused, or
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
     * window, each slot refilled as its own call ends, so a slow call holds only its slot ({@link #runWindowed}); the
     * batch's stored outputs are scored while it runs ({@link WindowScoring}). Runs recorded before it (no marker) run
     * half-window batches that end together.
     */
    static final String SLOT_REFILL = "slot-refill";
    /** How often a cell scores what its running window batch stored. */
    static final Duration SWEEP_INTERVAL = Duration.ofSeconds(10);

    private final CampaignPlanningActivities planning =
            Workflow.newActivityStub(CampaignPlanningActivities.class, CellActivityOptions.planning());

    private CellInput input;
    private CellPlanEntry cell;
    private CellState state = CellState.PLANNING;
    private int total;
    private int nextIndex;
    private int done;
    private int parsed;
    private int completed;
    private int infraErrors;
    private int rejected;
    /** What the cell's model calls paid (direct calls' and ReACT trajectories' results); read from results only. */
    private long promptTokens;
    private long completionTokens;
    private Double costUsd;
    /** Paid calls whose tokens are unknown (no usage block): in neither token count, shown apart. */
    private long tokensUnknownCalls;
    private int inFlight;
    private int samplesInFlight;
    private boolean paused;
    private String failure;
    /** Why the cell stopped (the endpoint's refusal, or the rejected share), without the cell id; null while it runs. */
    private String stopReason;
    /** Since {@link #CELL_STOP_RETURNS}. */
    private boolean stopReturns;
    /** The pause state last recorded in the store, whether a state record is in flight, and whether the run has ended. */
    private boolean recordedPaused;
    private boolean recordingState;
    private boolean ended;
    private long startedAt;
    private long updatedAt;
    private int doneAtStart;
    private int publishedPercent = -1;
    /** Batched path: items whose batch could not settle them, run one by one through the per-item path (window slots apply). */
    private final Deque<WorkItem> perItem = new ArrayDeque<>();
    /** Batched path since {@link #YIELDING_BATCHES}: ranges a batch left unstarted when its cell asked, batched again before new items. */
    private final Deque<ItemRange> returned = new ArrayDeque<>();
    private boolean yielding;
    private BatchSizer sizer = BatchSizer.standard();
    /** Batches whose model calls are over and whose results are being counted and scored. */
    private int settling;
    private boolean historyFull;
    /** Since {@link #SLOT_REFILL}: the cell runs window batches, and the window its running one was given (0: none). */
    private boolean windowed;
    private int windowConcurrency;
    /** Null in runs recorded before {@link #QUEUE_WAITS}. */
    private QueueWaits queueWaits;

    @Override
    public CellProgress run(CellInput input) {
        this.input = input;
        this.cell = input.cell();
        CellCursor cursor = input.cursor();
        nextIndex = cursor.nextIndex();
        done = cursor.done();
        doneAtStart = done;
        parsed = cursor.parsed();
        completed = cursor.completed();
        infraErrors = cursor.infraErrors();
        rejected = cursor.rejected();
        promptTokens = cursor.promptTokens();
        completionTokens = cursor.completionTokens();
        costUsd = cursor.costUsd();
        tokensUnknownCalls = cursor.tokensUnknownCalls();
        paused = cursor.paused();
        samplesInFlight = input.samplesInFlight();
        startedAt = Workflow.currentTimeMillis();
        updatedAt = startedAt;
        if (Workflow.getVersion(QUEUE_WAITS, Workflow.DEFAULT_VERSION, 1) >= 1) {
            int check = cell.noWorkerCheckSeconds() == null ? DEFAULT_NO_WORKER_CHECK_SECONDS : cell.noWorkerCheckSeconds();
            queueWaits = new QueueWaits(Duration.ofSeconds(check), () -> Workflow.setCurrentDetails(details()));
        }
        stopReturns = Workflow.getVersion(CELL_STOP_RETURNS, Workflow.DEFAULT_VERSION, 1) >= 1;
        if (!stopReturns) {
            return runCell();
        }
        Async.procedure(() -> Workflow.newDetachedCancellationScope(this::recordPauses).run());
        try {
            return runCell();
        } catch (CanceledFailure cancelled) {
            Workflow.newDetachedCancellationScope(() -> recordState(CellStateRecord.CANCELLED, null)).run();
            throw cancelled;
        }
    }

    private CellProgress runCell() {

        if (input.retryOnly() && Workflow.getVersion(RETRY_PAGES, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return retryInPages();
        }
        // multi-turn cells (plans with multiTurnStepsPerTurn, which no history before them has) take the per-item path
        if (!input.retryOnly() && !ReactCellMode.applies(cell) && !MultiTurnCellMode.applies(cell)
                && Workflow.getVersion(BATCHED_ITEMS, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return runBatched();
        }
        List<WorkItem> retryItems = input.retryOnly() ? planning.unscoredWork(cell.cellId()) : null;
        total = retryItems != null ? retryItems.size() : cell.workItems();
        setState(paused ? CellState.PAUSED : CellState.RUNNING);

        while (nextIndex < total && failure == null && !historyIsLarge(retryItems)) {
            Workflow.await(() -> failure != null || (!paused && inFlight < samplesInFlight));
            if (failure != null) {
                break;
            }
            WorkItem item = retryItems != null ? retryItems.get(nextIndex) : itemAt(nextIndex);
            nextIndex++;
            inFlight++;
            Async.procedure(this::process, item);
        }
        Workflow.await(() -> inFlight == 0);

        if (failure != null) {
            return stopped();
        }
        if (nextIndex < total) {
            Workflow.continueAsNew(new CellInput(input.campaignId(), cell, samplesInFlight, false,
                    cursor(), input.react()));
        }
        return completed();
    }

    /** Retry runs of the first kind (before {@link #RETRY_PAGES}) keep their whole item list, so they never continue as new. */
    private static boolean historyIsLarge(List<WorkItem> retryItems) {
        return retryItems == null && historyIsLarge();
    }

    private static boolean historyIsLarge() {
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > HISTORY_EVENTS_BEFORE_CONTINUE;
    }

    /**
     * A retry run: the cell's unsettled items in index order, read a page at a time from {@code nextIndex} (an item
     * index, {@code position * trials + trial}); before history grows large it drains and continues as new from there.
     */
    private CellProgress retryInPages() {
        UnscoredPage page = planning.unscoredWorkPage(cell.cellId(), nextIndex, RETRY_PAGE_SIZE);
        total = done + page.remaining();
        setState(paused ? CellState.PAUSED : CellState.RUNNING);
        boolean historyFull = false;
        while (failure == null && !historyFull && !page.items().isEmpty()) {
            for (WorkItem item : page.items()) {
                Workflow.await(() -> failure != null || (!paused && inFlight < samplesInFlight));
                if (failure != null || historyIsLarge()) {
                    historyFull = failure == null;
                    break;
                }
                nextIndex = item.position() * cell.trials() + item.trial() + 1;
                inFlight++;
                Async.procedure(this::process, item);
            }
            if (failure == null && !historyFull) {
                page = planning.unscoredWorkPage(cell.cellId(), nextIndex, RETRY_PAGE_SIZE);
            }
        }
        Workflow.await(() -> inFlight == 0);
        if (failure != null) {
            return stopped();
        }
        if (historyFull) {
            Workflow.continueAsNew(new CellInput(input.campaignId(), cell, samplesInFlight, true,
                    cursor(), input.react()));
        }
        return completed();
    }

    /**
     * The end of a stopped cell: since {@link #CELL_STOP_RETURNS} its state (STOPPED) and reason are recorded and
     * returned; before it the workflow failed with {@code CellStopped}.
     */
    private CellProgress stopped() {
        if (!stopReturns) {
            setState(CellState.FAILED);
            throw ApplicationFailure.newNonRetryableFailure(failure, FailureTypes.CELL_STOPPED);
        }
        setState(CellState.STOPPED);
        recordState(CellStateRecord.STOPPED, stopReason);
        return progress();
    }

    private CellProgress completed() {
        setState(CellState.COMPLETED);
        if (stopReturns) {
            recordState(CellStateRecord.COMPLETED, null);
        }
        return progress();
    }

    /** Records the cell's end state once no pause record is in flight, so the end state is the last one written. */
    private void recordState(String state, String reason) {
        ended = true;
        Workflow.await(() -> !recordingState);
        planning.recordCellState(cell.cellId(), state, reason);
    }

    /** Records each pause and resume of the cell (a running campaign's report shows its paused cells as paused). */
    private void recordPauses() {
        while (true) {
            Workflow.await(() -> ended || paused != recordedPaused);
            if (ended) {
                return;
            }
            recordedPaused = paused;
            recordingState = true;
            try {
                planning.recordCellState(cell.cellId(), paused ? CellStateRecord.PAUSED : CellStateRecord.RUNNING, null);
            } finally {
                recordingState = false;
            }
        }
    }

    /**
     * The batched path: the window ({@code samplesInFlight}) bounds the model calls in flight, and is filled with batches
     * of consecutive items, each holding up to half the window's slots; a batch's items are scored by one scoring
     * activity after its calls, outside the window. Items a batch could not settle go one by one through the per-item
     * path, whose retries and classification are those of a single item. A paused cell starts no new batch; since
     * {@link #YIELDING_BATCHES} its running batches also stop starting items within about a second (and a smaller
     * window makes them stop too), and their unstarted items are batched again on resume.
     */
    private CellProgress runBatched() {
        boolean evenEnds = Workflow.getVersion(EVEN_BATCH_ENDS, Workflow.DEFAULT_VERSION, 1) >= 1;
        yielding = Workflow.getVersion(YIELDING_BATCHES, Workflow.DEFAULT_VERSION, 1) >= 1;
        if (yielding) {
            sizer = BatchSizer.yielding();
            if (Workflow.getVersion(SLOT_REFILL, Workflow.DEFAULT_VERSION, 1) >= 1) {
                return runWindowed();
            }
        }
        total = cell.workItems();
        setState(paused ? CellState.PAUSED : CellState.RUNNING);
        while (true) {
            if (!historyFull && historyIsLarge()) {
                historyFull = true;
            }
            Workflow.await(() -> failure != null || canLaunch() || (!hasWork() && busy() == 0));
            if (failure != null || !canLaunch()) {
                break;
            }
            if (!perItem.isEmpty()) {
                inFlight++;
                Async.procedure(this::process, perItem.poll());
            } else {
                int concurrency = Math.min(Math.max(1, (samplesInFlight + 1) / 2), samplesInFlight - inFlight);
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
                    count = evenEnds ? BatchSizer.towardsTheEnd(sizer.items(concurrency), concurrency, total - nextIndex)
                            : Math.min(sizer.items(concurrency), total - nextIndex);
                    from = nextIndex;
                    nextIndex += count;
                }
                inFlight += concurrency;
                Async.procedure(this::runBatch, from, count, concurrency);
            }
        }
        Workflow.await(() -> busy() == 0);
        if (failure != null) {
            return stopped();
        }
        if (nextIndex < total) {
            Workflow.continueAsNew(new CellInput(input.campaignId(), cell, samplesInFlight, false,
                    cursor(), input.react()));
        }
        return completed();
    }

    /**
     * The window path ({@link #SLOT_REFILL}): one window batch at a time over the rest of the cell, with the whole window
     * as its concurrency, so each slot takes the next item as soon as its own call ends and no slot waits for a
     * neighbour's slow call; the batch yields (within about a second) when the cell pauses, changes its window or must
     * continue as new, and the next batch starts where it stopped. Items the batch could not settle go one by one
     * through the per-item path within the window, before the next batch.
     */
    private CellProgress runWindowed() {
        windowed = true;
        total = cell.workItems();
        setState(paused ? CellState.PAUSED : CellState.RUNNING);
        while (true) {
            if (!historyFull && historyIsLarge()) {
                historyFull = true;
            }
            Workflow.await(() -> failure != null || windowCanStart() || (perItem.isEmpty() && !windowHasRange() && inFlight == 0));
            if (failure != null || !windowCanStart()) {
                break;
            }
            if (!perItem.isEmpty()) {
                inFlight++;
                Async.procedure(this::process, perItem.poll());
            } else {
                runWindow(nextIndex, total - nextIndex);
            }
        }
        Workflow.await(() -> inFlight == 0);
        if (failure != null) {
            return stopped();
        }
        if (nextIndex < total) {
            Workflow.continueAsNew(new CellInput(input.campaignId(), cell, samplesInFlight, false,
                    cursor(), input.react()));
        }
        return completed();
    }

    private boolean windowHasRange() {
        return nextIndex < total && !historyFull;
    }

    /** Unpaused, with a per-item item and a free slot, or with items left and nothing in flight (a window batch takes the whole window). */
    private boolean windowCanStart() {
        if (paused) {
            return false;
        }
        return !perItem.isEmpty() ? inFlight < samplesInFlight : windowHasRange() && inFlight == 0;
    }

    /**
     * One window batch over items {@code [from, from + count)}: while it calls the model, every {@link #SWEEP_INTERVAL}
     * the outputs it stored are scored; once it ends, its failed items are classified as a batch's are, the rest of
     * its started items is scored, and the unstarted rest stays for the next batch ({@code nextIndex}).
     */
    private void runWindow(int from, int count) {
        int to = from + count;
        int concurrency = samplesInFlight;
        String what = "items " + from + ".." + (to - 1);
        boolean mayStop = cell.maxRejectedShare() != null && (!stopReturns || done + count >= cell.minSettled());
        int rejectionsBeforeStop = !mayStop ? Integer.MAX_VALUE
                : Math.max(0, (int) Math.floor(cell.maxRejectedShare() * cell.workItems()) - rejected);
        ItemBatch batch = new ItemBatch(cell.cellId(), cell.trials(), from, count, concurrency, rejectionsBeforeStop, true, true);
        WindowScoring scoring = new WindowScoring(cell.cellId(), cell.trials(), from);
        inFlight += concurrency;
        windowConcurrency = concurrency;
        Promise<BatchCallResult> calls = Async.function(() -> waitingFor(cell.llmTaskQueue(),
                CellActivityOptions.modelCallWindow(cell.llmTaskQueue(), what + " · call " + cell.model()),
                o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModelBatch(batch)));
        while (!calls.isCompleted()) {
            Workflow.await(SWEEP_INTERVAL, calls::isCompleted);
            if (!historyFull && historyIsLarge()) {
                historyFull = true; // the batch yields at its next check, and the run continues as new
            }
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
            inFlight -= concurrency;
            windowConcurrency = 0;
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                stop(Failures.rootMessage(f));
                return;
            }
            // what the sweeps did not score goes the per-item way: the holes, and a window's worth after the scan
            scoring.holesWithout(List.of()).forEach(i -> perItem.add(itemAt(i)));
            int end = Math.min(to, scoring.scannedTo() + concurrency);
            for (int i = scoring.scannedTo(); i < end; i++) {
                perItem.add(itemAt(i));
            }
            nextIndex = end;
            return;
        }
        spent(result.promptTokens(), result.completionTokens(), result.costUsd(), result.tokensUnknownCalls());
        List<Integer> failed = new ArrayList<>();
        for (ItemFailure f : result.failures()) {
            failed.add(f.index());
            classifyFailure(f);
        }
        // a retried batch that yielded early may have started fewer items than the sweeps already scanned
        int settledTo = Math.max(from + result.started(), scoring.scannedTo());
        nextIndex = settledTo;
        inFlight -= concurrency;
        windowConcurrency = 0;
        try {
            do {
                sweep(scoring, scoring.settled(settledTo, failed));
            } while (!scoring.scanned(settledTo));
            scoring.holesWithout(failed).forEach(i -> perItem.add(itemAt(i)));
        } catch (ActivityFailure f) {
            scoring.holesWithout(failed).forEach(i -> perItem.add(itemAt(i)));
            for (int i = scoring.scannedTo(); i < settledTo; i++) {
                if (!failed.contains(i)) {
                    perItem.add(itemAt(i));
                }
            }
        }
        updatedAt = Workflow.currentTimeMillis();
        publishProgress();
    }

    /** One scoring sweep: its counts, and its items that could not be scored here go the per-item way. */
    private void sweep(WindowScoring scoring, ScoringSweep sweep) {
        String scoringQueue = InstallationQueues.inWorkflow().scoring();
        String summary = "items " + sweep.scannedTo() + ".. · score on " + cell.benchmark();
        ActivityOptions options = sqlDeadlines()
                ? CellActivityOptions.sqlScoringBatch(scoringQueue, summary, cell.sqlQueryTimeout(), sweep.maxItems() + sweep.holes().size())
                : CellActivityOptions.scoringBatch(scoringQueue, summary);
        SweepResult result = waitingFor(scoringQueue, options,
                o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreSweep(sweep));
        scoring.took(result);
        done += result.scored();
        parsed += result.parsed();
        completed += result.completed();
        result.failures().forEach(f -> perItem.add(itemAt(f.index())));
        updatedAt = Workflow.currentTimeMillis();
        publishProgress();
    }

    /** A batch's failed item: the endpoint's refusal stops the cell, a rejection or budget deferral is recorded, the rest go the per-item way. */
    private void classifyFailure(ItemFailure f) {
        WorkItem item = itemAt(f.index());
        if (f.endpointRejected()) {
            stop(f.message());
        } else if (f.sampleRejected()) {
            planning.recordRejected(item, f.message());
            count(SampleOutcome.rejection());
            stopIfTooManyRejected(f.message());
        } else if (f.budgetRefused() && Workflow.getVersion(BATCH_BUDGET_DEFERRAL, Workflow.DEFAULT_VERSION, 1) >= 1) {
            planning.recordInfraError(item, f.message()); // records the deferral, as the per-item path does
            count(SampleOutcome.infrastructureFailure());
        } else {
            perItem.add(item);
        }
    }

    /** {@code count} consecutive work items from item index {@code from}. */
    private record ItemRange(int from, int count) {}

    private CellCursor cursor() {
        return new CellCursor(nextIndex, done, parsed, completed, infraErrors, paused, rejected,
                promptTokens, completionTokens, costUsd, tokensUnknownCalls);
    }

    private void spent(long prompt, long completion, Double cost, long unknownCalls) {
        promptTokens += prompt;
        completionTokens += completion;
        tokensUnknownCalls += unknownCalls;
        if (cost != null) {
            costUsd = (costUsd == null ? 0.0 : costUsd) + cost;
        }
    }

    private boolean hasWork() {
        return !perItem.isEmpty() || !returned.isEmpty() || (nextIndex < total && !historyFull);
    }

    private boolean canLaunch() {
        if (paused || inFlight >= samplesInFlight) {
            return false;
        }
        return !perItem.isEmpty()
                || (settling < MAX_SETTLING_BATCHES && (!returned.isEmpty() || (nextIndex < total && !historyFull)));
    }

    private int busy() {
        return inFlight + settling;
    }

    private void runBatch(int from, int count, int concurrency) {
        String what = "items " + from + ".." + (from + count - 1);
        BatchCallResult calls;
        try {
            // a batch that cannot bring the cell to min_settled_before_stop settled items never stops for rejections
            boolean mayStop = cell.maxRejectedShare() != null && (!stopReturns || done + count >= cell.minSettled());
            int rejectionsBeforeStop = !mayStop ? Integer.MAX_VALUE
                    : Math.max(0, (int) Math.floor(cell.maxRejectedShare() * cell.workItems()) - rejected);
            ItemBatch batch = new ItemBatch(cell.cellId(), cell.trials(), from, count, concurrency, rejectionsBeforeStop, yielding);
            calls = waitingFor(cell.llmTaskQueue(), CellActivityOptions.modelCallBatch(cell.llmTaskQueue(), what + " · call " + cell.model()),
                    o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModelBatch(batch));
        } catch (ActivityFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                stop(Failures.rootMessage(f));
            } else {
                for (int i = from; i < from + count; i++) {
                    perItem.add(itemAt(i));
                }
            }
            inFlight -= concurrency;
            return;
        }
        settling++; // the cell is not done before the batch's results are counted
        boolean[] slotsFreed = {false};
        try {
            settle(from, count, concurrency, calls, what, () -> {
                inFlight -= concurrency;
                slotsFreed[0] = true;
            });
        } finally {
            if (!slotsFreed[0]) {
                inFlight -= concurrency;
            }
            settling--;
            updatedAt = Workflow.currentTimeMillis();
            publishProgress();
        }
    }

    /**
     * Counts a batch's rejections, queues its unsettled items for the per-item path (the unstarted rest of a batch that
     * yielded to its cell goes back to be batched again), frees the batch's window slots and scores the rest.
     */
    private void settle(int from, int count, int concurrency, BatchCallResult calls, String what, Runnable freeSlots) {
        sizer.observe(calls.started(), calls.elapsedMillis(), concurrency);
        spent(calls.promptTokens(), calls.completionTokens(), calls.costUsd(), calls.tokensUnknownCalls());
        List<Integer> unsettled = new ArrayList<>();
        for (ItemFailure f : calls.failures()) {
            unsettled.add(f.index());
            classifyFailure(f);
        }
        if (yielding && calls.yielded()) {
            returned.add(new ItemRange(from + calls.started(), count - calls.started()));
        } else {
            for (int i = from + calls.started(); i < from + count; i++) {
                perItem.add(itemAt(i));
            }
        }
        // the slots are freed once the rejections are counted, so the next batch knows how many more the cell allows
        freeSlots.run();
        if (calls.started() == unsettled.size()) {
            return;
        }
        try {
            ScoringBatch batch = new ScoringBatch(cell.cellId(), cell.trials(), from, calls.started(), unsettled);
            String summary = what + " · score on " + cell.benchmark();
            String scoring = InstallationQueues.inWorkflow().scoring();
            ActivityOptions options = sqlDeadlines() ? CellActivityOptions.sqlScoringBatch(scoring, summary, cell.sqlQueryTimeout(), calls.started())
                    : CellActivityOptions.scoringBatch(scoring, summary);
            BatchScoreResult scores = waitingFor(scoring, options,
                    o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreBatch(batch));
            done += scores.scored();
            parsed += scores.parsed();
            completed += scores.completed();
            scores.failures().forEach(f -> perItem.add(itemAt(f.index())));
        } catch (ActivityFailure f) {
            for (int i = from; i < from + calls.started(); i++) {
                if (!unsettled.contains(i)) {
                    perItem.add(itemAt(i));
                }
            }
        }
    }

    private void stop(String reason) {
        if (failure == null) {
            failure = "cell " + cell.cellId() + " stopped: " + reason;
            stopReason = reason;
        }
    }

    private WorkItem itemAt(int index) {
        return new WorkItem(cell.cellId(), index / cell.trials(), index % cell.trials());
    }

    private void process(WorkItem item) {
        String what = "sample #" + item.position() + " trial " + item.trial();
        try {
            SampleOutcome outcome = MultiTurnCellMode.applies(cell)
                    ? MultiTurnCellMode.run(input.campaignId(), cell, item,
                            paid -> spent(paid.promptTokens(), paid.completionTokens(), paid.costUsd(), paid.tokensUnknownCalls()))
                    : ReactCellMode.applies(cell)
                    ? ReactCellMode.run(input.campaignId(), cell, item, input.react(),
                            paid -> spent(paid.promptTokens(), paid.completionTokens(), paid.costUsd(), paid.tokensUnknownCalls()))
                    : direct(item, what);
            count(outcome);
        } catch (ActivityFailure | ChildWorkflowFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                stop(Failures.rootMessage(f));
            } else if (FailureTypes.SAMPLE_REJECTED.equals(Failures.type(f))
                    && Workflow.getVersion(SAMPLE_REJECTED_STATUS, Workflow.DEFAULT_VERSION, 1) >= 1) {
                planning.recordRejected(item, Failures.rootMessage(f));
                count(SampleOutcome.rejection());
                stopIfTooManyRejected(Failures.rootMessage(f));
            } else {
                planning.recordInfraError(item, Failures.rootMessage(f));
                count(SampleOutcome.infrastructureFailure());
            }
        } finally {
            inFlight--;
            updatedAt = Workflow.currentTimeMillis();
            publishProgress();
        }
    }

    /**
     * An endpoint that refuses most requests (an unsupported parameter, a payload limit) would otherwise yield a cell
     * whose results are mostly rejections: past the campaign's share, stop. Since {@link #CELL_STOP_RETURNS} only once
     * {@code min_settled_before_stop} items settled, so a small cell (1 rejected of 1) or an early run of long prompts
     * does not stop it.
     */
    private void stopIfTooManyRejected(String lastReason) {
        Double share = cell.maxRejectedShare();
        if (failure == null && share != null && rejected > share * cell.workItems()
                && (!stopReturns || done >= cell.minSettled())
                && Workflow.getVersion(REJECTED_SHARE_STOP, Workflow.DEFAULT_VERSION, 1) >= 1) {
            stop(rejected + " of " + cell.workItems() + " items were rejected by the endpoint, more than max_rejected_share "
                    + share + (stopReturns ? " (after " + done + " settled items)" : "") + "; last: " + lastReason);
        }
    }

    private SampleOutcome direct(WorkItem item, String what) {
        ModelCallResult call = waitingFor(cell.llmTaskQueue(), CellActivityOptions.modelCall(cell.llmTaskQueue(), what + " · call " + cell.model()),
                o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModel(item));
        if (call != null && !call.cacheHit()) { // a cache hit or an output stored before was not paid for now
            spent(call.promptTokens(), call.completionTokens(), call.costUsd(), call.tokensUnknown() ? 1 : 0);
        }
        String summary = what + " · score on " + cell.benchmark();
        String scoring = InstallationQueues.inWorkflow().scoring();
        ActivityOptions options = sqlDeadlines() ? CellActivityOptions.sqlScoring(scoring, summary, cell.sqlQueryTimeout())
                : CellActivityOptions.scoring(scoring, summary);
        return waitingFor(scoring, options,
                o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreSample(item));
    }

    /** A sql cell since {@link #CELL_STOP_RETURNS}: its scoring activities' limits derive from its query deadline. */
    private boolean sqlDeadlines() {
        return stopReturns && SqlMode.MODE.equals(cell.mode());
    }

    /** The activity {@code call} with {@code options}, bounded and named in the details while it waits for a worker. */
    private <R> R waitingFor(String taskQueue, ActivityOptions options, Function<ActivityOptions, R> call) {
        return queueWaits == null ? call.apply(options) : queueWaits.call(taskQueue, options, call);
    }

    /** The UI's current details: the progress table, and any queue the cell's work waits on. */
    private String details() {
        return ProgressMarkdown.cell(progress()) + (queueWaits == null ? "" : queueWaits.markdown());
    }

    private void count(SampleOutcome outcome) {
        done++;
        if (outcome.infraError()) {
            infraErrors++;
        }
        if (outcome.rejected()) {
            rejected++;
        }
        if (outcome.parsed()) {
            parsed++;
        }
        if (outcome.completed()) {
            completed++;
        }
    }



    private void setState(CellState newState) {
        state = newState;
        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.CAMPAIGN_ID.valueSet(input.campaignId()),
                IbenchSearchAttributes.MODEL.valueSet(cell.model()),
                IbenchSearchAttributes.BENCHMARK.valueSet(cell.benchmark()),
                IbenchSearchAttributes.STATE.valueSet(newState.name()),
                IbenchSearchAttributes.PROGRESS.valueSet(percent() / 100.0));
        publishedPercent = percent();
        Workflow.setCurrentDetails(details());
    }

    /**
     * Search attributes are history events, so progress (a fraction, 0.0 to 1.0) is upserted only
     * when it crosses a whole percent.
     */
    private void publishProgress() {
        int now = percent();
        if (now != publishedPercent) {
            publishedPercent = now;
            Workflow.upsertTypedSearchAttributes(IbenchSearchAttributes.PROGRESS.valueSet(now / 100.0));
        }
        Workflow.setCurrentDetails(details());
    }

    private int percent() {
        return total == 0 ? 100 : (int) (100L * done / total);
    }

    @Override
    public void pause() {
        paused = true;
        if (state == CellState.RUNNING) {
            setState(CellState.PAUSED);
        }
    }

    @Override
    public void resume() {
        paused = false;
        if (state == CellState.PAUSED) {
            setState(CellState.RUNNING);
        }
    }

    @Override
    public void setSamplesInFlight(int samplesInFlight) {
        if (samplesInFlight > 0) {
            this.samplesInFlight = samplesInFlight;
        }
    }

    @Override
    public boolean batchesMayContinue() {
        if (windowed) {
            return failure == null && !paused && !historyFull && samplesInFlight == windowConcurrency;
        }
        return failure == null && !paused && inFlight <= samplesInFlight;
    }

    @Override
    public CellProgress progress() {
        if (cell == null) {
            return new CellProgress(null, null, null, null, state, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0);
        }
        return new CellProgress(cell.cellId(), cell.model(), cell.benchmark(), cell.mode(), state, total, done,
                completed, infraErrors, inFlight, samplesInFlight, startedAt, updatedAt, doneAtStart, failure, rejected,
                promptTokens, completionTokens, costUsd, tokensUnknownCalls);
    }
}
