package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.BatchApiActivities;
import dev.ibench.activities.campaign.BatchCollected;
import dev.ibench.activities.campaign.BatchLook;
import dev.ibench.activities.campaign.BatchPart;
import dev.ibench.activities.campaign.BatchSubmitted;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.core.campaign.BatchSettings;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.Failures;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The Batch API path ({@link CellVersions#BATCH_API}, docs/batch.md): the cell's items go to the provider in parts of at
 * most {@code lines_per_file} items (and {@code bytes_per_file}, which the submit activity applies), a few parts open at
 * once. Between looks at the open batches the cell waits on a workflow timer, from {@link BatchSettings#FIRST_POLL_SECONDS}
 * doubling up to the entry's {@code poll_seconds}, holding no activity and no worker. An ended batch is collected (its
 * answers stored as normal calls' outputs) and its items scored by sweeps as a window batch's are; a line the batch did not
 * answer is sent as a normal call or recorded as an infrastructure error ({@code failed_lines}). A pause cancels the open
 * batches, keeps what they answered and batches the rest again on resume; cancelling the cell cancels them too.
 */
final class BatchApiCellMode {
    /** Batches of one cell open at the provider at once. */
    static final int MAX_OPEN_BATCHES = 4;

    private final CellRun run;
    private final ItemRunner items;
    private final BatchSettings settings;
    private final List<Open> open = new ArrayList<>();
    /** Ranges of items a cancelled batch did not answer (the cell paused): batched again before the next new range. */
    private final Deque<int[]> again = new ArrayDeque<>();
    private final Set<String> cancelled = new HashSet<>();
    private int parts;
    private boolean historyFull;

    /** An open part: what it covers and its batch. */
    private record Open(BatchPart part, BatchSubmitted submitted) {}

    BatchApiCellMode(CellRun run, ItemRunner items) {
        this.run = run;
        this.items = items;
        this.settings = run.cell.batch();
    }

    CellProgress run() {
        run.total = run.cell.workItems();
        run.startRunning();
        try {
            batches();
            callOneByOne();
        } catch (CanceledFailure cancelledCell) {
            Workflow.newDetachedCancellationScope(this::cancelOpen).run();
            throw cancelledCell;
        }
        Workflow.await(() -> run.inFlight == 0);
        return CellEnd.after(run, run.nextIndex < run.total, false);
    }

    private void batches() {
        Duration wait = firstWait();
        while (run.failure == null) {
            if (!historyFull && CellEnd.historyIsLarge()) {
                historyFull = true;
            }
            if (run.paused) {
                if (open.isEmpty()) {
                    Workflow.await(() -> !run.paused || run.failure != null);
                    wait = firstWait();
                    continue;
                }
                cancelOpen();
            }
            while (!run.paused && run.failure == null && open.size() < MAX_OPEN_BATCHES && hasRange()) {
                submitNext();
                wait = firstWait();
            }
            if (open.isEmpty()) {
                if (!hasRange() || run.failure != null) {
                    return;
                }
                continue;
            }
            boolean pausedBefore = run.paused;
            Workflow.await(wait, () -> run.failure != null || run.paused != pausedBefore);
            lookAtOpen();
            wait = Duration.ofSeconds(Math.min(wait.getSeconds() * 2, settings.pollSeconds()));
        }
        cancelOpen(); // the cell stopped: its open batches would only spend
    }

    private Duration firstWait() {
        return Duration.ofSeconds(Math.min(BatchSettings.FIRST_POLL_SECONDS, settings.pollSeconds()));
    }

    private boolean hasRange() {
        return !again.isEmpty() || run.nextIndex < run.total && !historyFull;
    }

    private void submitNext() {
        int from;
        int count;
        boolean fresh = again.isEmpty();
        if (!fresh) {
            int[] range = again.poll();
            from = range[0];
            count = range[1];
        } else {
            from = run.nextIndex;
            count = Math.min(settings.linesPerFile(), run.total - run.nextIndex);
        }
        String key = run.cell.cellId() + "/" + Workflow.getInfo().getRunId() + "/" + (parts++);
        BatchPart part = new BatchPart(run.cell.cellId(), run.cell.trials(), key, from, count);
        BatchSubmitted submitted;
        try {
            submitted = call(CellActivityOptions.modelCallBatch(run.cell.llmTaskQueue(),
                    "items " + from + ".. · submit a batch to " + run.cell.model()), a -> a.submitBatch(part));
        } catch (ActivityFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                run.stop(Failures.rootMessage(f));
                return;
            }
            throw f; // retried by Temporal until its attempts ran out: the cell's run fails and its items stay unscored
        }
        if (fresh) {
            run.nextIndex = from + submitted.itemCount();
        }
        submitted.failures().forEach(items::classifyBatchFailure);
        if (submitted.batchId() == null) {
            settle(part, submitted, List.of()); // every item was stored before or answered from the cache
        } else {
            open.add(new Open(part, submitted));
        }
        run.updated();
    }

    private void lookAtOpen() {
        for (Open o : new ArrayList<>(open)) {
            String key = o.part().batchKey();
            BatchLook look = call(CellActivityOptions.modelCall(run.cell.llmTaskQueue(), "look at batch " + o.submitted().batchId()), a -> a.lookAtBatch(key));
            if (look.ended()) {
                open.remove(o);
                collect(o);
            }
        }
    }

    private void collect(Open o) {
        BatchCollected collected = call(CellActivityOptions.modelCallBatch(run.cell.llmTaskQueue(),
                "items " + o.part().fromIndex() + ".. · collect batch " + o.submitted().batchId()),
                a -> a.collectBatch(o.part()));
        run.counts.spent(collected.promptTokens(), collected.completionTokens(), collected.costUsd(), collected.tokensUnknownCalls());
        List<Integer> unanswered = new ArrayList<>();
        boolean wasCancelled = cancelled.remove(o.part().batchKey());
        Set<Integer> notSent = new HashSet<>();
        o.submitted().failures().forEach(f -> notSent.add(f.index()));
        for (ItemFailure f : collected.failures()) {
            if (notSent.contains(f.index())) {
                continue; // it had no line: classified when the part was submitted
            }
            unanswered.add(f.index());
            if (wasCancelled) {
                continue; // batched again below
            }
            if (BatchSettings.MARK.equals(settings.failedLines())) {
                run.planning.recordInfraError(run.itemAt(f.index()), f.message());
                run.counts.count(SampleOutcome.infrastructureFailure());
            } else {
                run.perItem.add(run.itemAt(f.index()));
            }
        }
        if (wasCancelled) {
            batchAgain(unanswered);
        }
        settle(o.part(), o.submitted(), unanswered);
    }

    /** Consecutive runs of {@code indices} (ascending) as ranges to batch again. */
    private void batchAgain(List<Integer> indices) {
        int i = 0;
        while (i < indices.size()) {
            int start = indices.get(i);
            int end = start + 1;
            while (i + 1 < indices.size() && indices.get(i + 1) == end) {
                i++;
                end++;
            }
            again.add(new int[] {start, end - start});
            i++;
        }
    }

    /** Scores the part's stored items by sweeps; an item stored but not scored goes the per-item way. */
    private void settle(BatchPart part, BatchSubmitted submitted, List<Integer> unanswered) {
        List<Integer> skipped = new ArrayList<>(unanswered);
        submitted.failures().forEach(f -> skipped.add(f.index()));
        int to = part.fromIndex() + submitted.itemCount();
        WindowedCellMode.sweepToTheEnd(run, new WindowScoring(run.cell.cellId(), run.cell.trials(), part.fromIndex()), to, skipped);
        run.updated();
    }

    /** Asks the provider to cancel every open batch not asked yet; the cell goes on looking at them until they end. */
    private void cancelOpen() {
        for (Open o : open) {
            String key = o.part().batchKey();
            if (cancelled.add(key)) {
                call(CellActivityOptions.modelCall(run.cell.llmTaskQueue(), "cancel batch " + o.submitted().batchId()), a -> a.cancelBatch(key));
            }
        }
    }

    /** The items no batch answered (with {@code failed_lines: call}) and the items stored but not scored, as normal calls. */
    private void callOneByOne() {
        while (run.failure == null) {
            Workflow.await(() -> run.failure != null || run.perItem.isEmpty() && run.inFlight == 0
                    || !run.paused && !run.perItem.isEmpty() && run.inFlight < run.samplesInFlight);
            if (run.failure != null || run.perItem.isEmpty()) {
                return;
            }
            run.inFlight++;
            Async.procedure(items::process, run.perItem.poll());
        }
    }

    private <R> R call(ActivityOptions options, Function<BatchApiActivities, R> step) {
        return run.waitingFor(run.cell.llmTaskQueue(), options, o -> step.apply(Workflow.newActivityStub(BatchApiActivities.class, o)));
    }
}
