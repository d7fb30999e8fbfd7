package dev.ibench.activities.campaign;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.function.IntFunction;

/**
 * Gets a batch's items ready (for a model-call batch: the sample, its rendered prompt, the request's cache key and
 * cached answer) ahead of the slots that send them: when a slot takes item i, item i + distance (the one a slot takes
 * next) is readied by a background thread while the requests in flight are answered, so a slot goes from one answer
 * to its next request without rendering in between. A slot whose item is not ready yet readies it itself; a failure
 * to ready an item is thrown to the slot that takes it, as if it had readied the item itself.
 * <p>Items start in order but their slots reach {@link #take} in any order: item i + distance may be taken (and readied
 * by its own slot) before item i's slot asks for it to be readied ahead. That late request is dropped (the item is
 * marked taken), so what this holds is bounded by the window, not by the batch's length: before, each such race left
 * an item readied a second time and held until the batch ended (18 in a 20,000-item window batch at load 3, 27 in an
 * 8,000-item one at load 40).
 */
final class ItemsAhead<T> implements AutoCloseable {
    /**
     * One thread per item being readied, at most {@code distance} per batch (as many as its slots): a pool of one
     * thread per core was tried and lagged behind a window of 128 on a loaded machine, so slots readied their items
     * themselves again.
     */
    private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ibench-batch-ahead");
        t.setDaemon(true);
        return t;
    });

    private final Map<Integer, FutureTask<T>> tasks = new ConcurrentHashMap<>();
    /** Marks an item its slot took before the item {@code distance} before it asked for it to be readied ahead. */
    private final FutureTask<T> taken = new FutureTask<>(() -> null);
    private final IntFunction<T> ready;
    private final int from;
    private final int end;
    private final int distance;

    /** Items {@code from} to {@code from + count - 1}, each readied by {@code ready}, {@code distance} items ahead. */
    ItemsAhead(int from, int count, int distance, IntFunction<T> ready) {
        this.from = from;
        this.end = from + count;
        this.distance = Math.max(1, distance);
        this.ready = ready;
    }

    /**
     * Item {@code index}, ready; then starts readying item {@code index + distance}. In that order: at a batch's first
     * round every slot readies its own item at once, and items readied for the second round would take the cores
     * from the first round's requests (which the endpoint could be answering already) for items needed a round later.
     */
    T take(int index) {
        try {
            return readied(index);
        } finally {
            int next = index + distance;
            if (next < end) {
                FutureTask<T> ahead = new FutureTask<>(() -> ready.apply(next));
                FutureTask<T> there = tasks.putIfAbsent(next, ahead);
                if (there == null) {
                    THREADS.execute(ahead);
                } else if (there == taken) {
                    tasks.remove(next, taken); // its slot took it already and readied it itself
                }
            }
        }
    }

    private T readied(int index) {
        FutureTask<T> mine = tasks.remove(index);
        if (mine == null && index - distance >= from) {
            // the item distance before this one has not asked for it yet: mark it taken, so that request is dropped
            FutureTask<T> askedMeanwhile = tasks.putIfAbsent(index, taken);
            if (askedMeanwhile != null && tasks.remove(index, askedMeanwhile)) {
                mine = askedMeanwhile;
            }
        }
        if (mine == null) {
            return ready.apply(index);
        }
        mine.run(); // does nothing if a background thread has started it already
        try {
            return mine.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while readying item " + index, e);
        }
    }

    /** Items readied or being readied ahead, and items marked taken, that no slot has taken yet or asked for (tests). */
    int held() {
        return tasks.size();
    }

    /** Drops the items readied for slots that will not take them (the batch stopped). */
    @Override
    public void close() {
        tasks.values().forEach(t -> t.cancel(false));
        tasks.clear();
    }
}
