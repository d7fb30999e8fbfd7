package dev.ibench.activities.campaign;

import dev.ibench.activities.store.ResultsDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes the answered items of one model-call batch in groups. An item's thread queues the item's writes (response
 * cache entry, ledger entry, prompt, raw output) and goes on to its next item; one writer thread commits everything
 * queued so far in one transaction, then the next group. At most {@code capacity} answered items wait to be written (a
 * full queue makes the next one wait), so a killed worker loses at most that many paid answers, which a retry pays
 * again. {@link #close} returns once every queued item is written or has failed. If a group fails, its items are
 * written again one by one, so one bad item does not fail the others.
 * <p>Paid but unwritten answers are bounded too: an item's thread {@link #reserve reserves} a place before it sends its
 * request and the place is freed only once its writes are committed or have failed, so at most {@code capacity} answers
 * are paid and not stored at any time. When the store stops answering (a partition, a stopped database) the batch's
 * threads wait at {@link #reserve} instead of paying for answers that could not be stored, which a retry elsewhere
 * would pay again (issue 34: a partitioned worker costs at most the window).
 */
final class GroupedOutputWriter implements AutoCloseable {
    /** One item's writes, run inside the group's transaction, and what to do once they are committed or have failed. */
    record Pending(Runnable writes, Runnable onWritten, Consumer<RuntimeException> onFailed) {}

    /** Queued by {@link #close} after the last item: the writer thread blocks on the queue until an item or this comes. */
    private static final Pending CLOSE = new Pending(() -> { }, () -> { }, e -> { });

    private final ResultsDatabase database;
    private final MeterRegistry meters;
    private final BlockingQueue<Pending> queue;
    private final Semaphore unwritten;
    private final Thread thread;
    private volatile boolean closing;

    GroupedOutputWriter(ResultsDatabase database, MeterRegistry meters, int capacity, String name) {
        this.database = database;
        this.meters = meters;
        this.queue = new ArrayBlockingQueue<>(Math.max(1, capacity));
        this.unwritten = new Semaphore(Math.max(1, capacity));
        this.thread = new Thread(this::loop, "ibench-output-writer " + name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Reserves a place for one answer before its request is sent; waits while {@code capacity} answers are paid and
     * not yet written. The place is freed when the writes {@link #submit submitted} next by this thread are committed
     * or have failed, or by {@link #unreserve} when no writes follow (the request failed, or was not sent).
     */
    void reserve() {
        long started = System.nanoTime();
        unwritten.acquireUninterruptibly();
        meters.timer("ibench_batch_item_seconds", "phase", "wait_for_unwritten").record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
    }

    /** Frees a place {@link #reserve reserved} for an answer whose writes will not be submitted. */
    void unreserve() {
        unwritten.release();
    }

    /** Queues an item's writes (its place {@link #reserve reserved}); waits while {@code capacity} items are queued already. */
    void submit(Pending pending) {
        if (closing) {
            throw new IllegalStateException("the output writer is closed");
        }
        long started = System.nanoTime();
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(pending);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        meters.timer("ibench_batch_item_seconds", "phase", "wait_for_writer").record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
    }

    private void loop() {
        List<Pending> group = new ArrayList<>();
        boolean closed = false;
        // blocks until something is queued: no timed wake-up while a batch waits for its model (a 20 ms poll cost
        // about 2 ms of CPU per second of a campaign, bench/results/orchestration-cpu.md)
        while (!closed || !queue.isEmpty()) {
            try {
                group.add(closed ? queue.remove() : queue.take());
            } catch (InterruptedException e) {
                continue; // only close() ends the loop, once the queue is empty
            }
            queue.drainTo(group);
            closed |= group.removeIf(p -> p == CLOSE);
            if (!group.isEmpty()) {
                write(group);
                group.clear();
            }
        }
    }

    private void write(List<Pending> group) {
        long started = System.nanoTime();
        try {
            database.inOneTransaction(() -> group.forEach(p -> p.writes().run()));
        } catch (RuntimeException | Error groupFailed) {
            group.forEach(this::writeAlone);
            return;
        }
        meters.timer("ibench_batch_item_seconds", "phase", "group_write").record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        meters.summary("ibench_batch_write_group_items").record(group.size());
        for (Pending p : group) {
            try {
                p.onWritten().run();
            } catch (RuntimeException e) {
                p.onFailed().accept(e);
            } finally {
                unwritten.release();
            }
        }
    }

    private void writeAlone(Pending p) {
        try {
            writeAloneAndReport(p);
        } finally {
            unwritten.release();
        }
    }

    private void writeAloneAndReport(Pending p) {
        try {
            database.inOneTransaction(() -> p.writes().run());
        } catch (RuntimeException e) {
            p.onFailed().accept(e);
            return;
        } catch (Error e) {
            p.onFailed().accept(new IllegalStateException("writing an item's output failed: " + e, e));
            return;
        }
        try {
            p.onWritten().run();
        } catch (RuntimeException e) {
            p.onFailed().accept(e);
        }
    }

    /** Waits until every queued item is written (or failed), then stops the writer thread. */
    @Override
    public void close() {
        closing = true;
        boolean interrupted = false;
        boolean queued = false;
        while (!queued && thread.isAlive()) { // a full queue drains while the thread lives
            try {
                queued = queue.offer(CLOSE, 100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
