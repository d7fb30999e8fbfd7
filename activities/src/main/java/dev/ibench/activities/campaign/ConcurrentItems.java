package dev.ibench.activities.campaign;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

/**
 * Runs a task for each of a range of item indices, in order, at most {@code concurrency} at once, until a task asks to
 * stop (its predicate answers false): no later index is started then, and the ones running finish. Returns how many
 * were started, always a prefix of the range.
 */
final class ConcurrentItems {
    private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ibench-batch-item");
        t.setDaemon(true);
        return t;
    });

    private ConcurrentItems() {}

    /** @param task runs one item index; returns false to start no further index */
    static int run(int from, int count, int concurrency, AtomicBoolean stop, IntPredicate task) {
        Semaphore slots = new Semaphore(concurrency);
        AtomicInteger started = new AtomicInteger();
        for (int i = from; i < from + count && !stop.get(); i++) {
            slots.acquireUninterruptibly();
            if (stop.get()) {
                slots.release();
                break;
            }
            started.incrementAndGet();
            int index = i;
            THREADS.execute(() -> {
                try {
                    if (!task.test(index)) {
                        stop.set(true);
                    }
                } catch (RuntimeException | Error e) {
                    stop.set(true);
                    throw e;
                } finally {
                    slots.release();
                }
            });
        }
        slots.acquireUninterruptibly(concurrency);
        return started.get();
    }
}
