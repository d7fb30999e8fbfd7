package dev.ibench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The live heap while a campaign runs (issue 33): every {@code periodMillis}, a full collection ({@code System.gc()},
 * a stop-the-world full GC under G1) and the heap used right after it, with the model requests the endpoint had
 * received by then. Its slope per minute and per 1,000 requests, over the samples taken once requests were under way
 * and kept coming in (the cell's eval set is loaded by then; {@link #whileCalling}), say whether the worker keeps
 * something per item.
 * <p>Why not the heap after each GC ({@code heap_after_gc}): under G1 on JDK 17 a young collection leaves the old
 * generation's garbage in place and does not update its "after collection" usage; that is updated only by mixed and full
 * collections. The sum of the pools' after-collection usage therefore jumps when the first mixed collection after the
 * cell's start reports the eval set (about 19 KB per sample in the worker's heap), and its least-squares slope over a
 * run reads as growth (56 MB per minute in the 20,000-item lognormal run) where the live set is flat.
 */
final class LiveHeapSampler {
    /** One sample: seconds since start, MB live, requests received by then, the full collection's pause in ms. */
    record Point(double seconds, double mb, long requests, double pauseMs) {}

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final long periodMillis;
    private final LongSupplier requests;
    private final List<Point> points = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile boolean running;
    private Thread thread;

    /** @param requests the model requests received so far (0 when the model is not an endpoint) */
    LiveHeapSampler(long periodMillis, LongSupplier requests) {
        this.periodMillis = periodMillis;
        this.requests = requests;
    }

    void start() {
        running = true;
        long t0 = System.nanoTime();
        thread = new Thread(() -> {
            while (running) {
                try {
                    Thread.sleep(periodMillis);
                } catch (InterruptedException e) {
                    return;
                }
                if (!running) {
                    return;
                }
                long received = requests.getAsLong();
                long before = System.nanoTime();
                System.gc();
                long after = System.nanoTime();
                points.add(new Point((after - t0) / 1e9, memory.getHeapMemoryUsage().getUsed() / 1048576.0, received,
                        (after - before) / 1e6));
            }
        }, "live-heap-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    void stop() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join();
    }

    /**
     * Samples, the period, first / last / peak MB, the slopes (least squares) in MB per minute and per 1,000 requests
     * over the samples taken while requests came in (all samples when there is no endpoint), the mean pause of
     * the full collections, and the samples themselves as [seconds, MB, requests].
     */
    Map<String, Object> summary() {
        List<Point> all = new ArrayList<>(points);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("samples", all.size());
        out.put("every_seconds", periodMillis / 1000.0);
        if (all.isEmpty()) {
            return out;
        }
        boolean endpoint = all.stream().anyMatch(p -> p.requests() > 0);
        List<Point> calling = endpoint ? whileCalling(all) : all;
        out.put("first_mb", round(all.get(0).mb()));
        out.put("last_mb", round(all.get(all.size() - 1).mb()));
        out.put("peak_mb", round(all.stream().mapToDouble(Point::mb).max().orElse(0)));
        out.put("samples_while_calling", calling.size());
        if (calling.size() >= 2) {
            out.put("slope_mb_per_minute", round(LeastSquares.slope(calling, Point::seconds, Point::mb) * 60));
            if (endpoint) {
                out.put("slope_mb_per_1000_requests", round(LeastSquares.slope(calling, p -> p.requests(), Point::mb) * 1000));
            }
            out.put("over_seconds", round(calling.get(calling.size() - 1).seconds() - calling.get(0).seconds()));
        }
        out.put("full_gc_pause_ms_mean", round(all.stream().mapToDouble(Point::pauseMs).average().orElse(0)));
        out.put("points", all.stream().map(p -> List.of(round(p.seconds()), round(p.mb()), p.requests())).toList());
        return out;
    }

    /**
     * The samples taken while requests were coming in: the endpoint received requests since the sample before (the
     * eval set is loaded before the first request; after the last one the window drains and the figure falls).
     */
    static List<Point> whileCalling(List<Point> all) {
        List<Point> calling = new ArrayList<>();
        long before = 0;
        for (Point p : all) {
            if (p.requests() > before) {
                calling.add(p);
            }
            before = p.requests();
        }
        return calling;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
