package dev.ibench.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The soak bench's minute-by-minute look at what it runs: per worker JVM ({@link ProcessProbe}: live heap, threads,
 * descriptors, child processes by kind), the Temporal dev server (threads, descriptors, resident set, and the Go heap
 * in use from its Prometheus {@code /metrics} when it serves {@code go_memstats_heap_inuse_bytes}) and the results
 * store's size; each row as it was taken, with the hours since the start.
 */
final class SoakSampler {
    private static final Pattern GO_HEAP = Pattern.compile("(?m)^go_memstats_heap_inuse_bytes\\s+(\\S+)");

    /** One row: hours since the start, per worker what its probe saw (null: no worker then), Temporal, the store's bytes (-1 unknown). */
    record Row(double hours, List<ProcessProbe.Look> workers, ProcessProbe.Look temporal, double temporalGoHeapMb, long storeBytes) {}

    private final long periodMillis;
    private final Supplier<List<OptionalLong>> workerPids;
    private final Supplier<OptionalLong> temporalPid;
    private final URI temporalMetrics;
    private final Supplier<Long> storeBytes;
    private final List<Row> rows = Collections.synchronizedList(new ArrayList<>());
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final long t0 = System.nanoTime();
    private volatile boolean running;
    private Thread thread;

    SoakSampler(long periodMillis, Supplier<List<OptionalLong>> workerPids, Supplier<OptionalLong> temporalPid, URI temporalMetrics,
                Supplier<Long> storeBytes) {
        this.periodMillis = periodMillis;
        this.workerPids = workerPids;
        this.temporalPid = temporalPid;
        this.temporalMetrics = temporalMetrics;
        this.storeBytes = storeBytes;
    }

    void start() {
        running = true;
        thread = new Thread(() -> {
            while (running) {
                long next = System.nanoTime() + periodMillis * 1_000_000;
                sampleOnce();
                long wait = (next - System.nanoTime()) / 1_000_000;
                if (wait > 0) {
                    try {
                        Thread.sleep(wait);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "soak-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    void stop() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(120_000);
    }

    private void sampleOnce() {
        double hours = (System.nanoTime() - t0) / 3.6e12;
        List<ProcessProbe.Look> workers = new ArrayList<>();
        for (OptionalLong pid : workerPids.get()) {
            workers.add(pid.isPresent() ? ProcessProbe.look(pid.getAsLong(), true) : null);
        }
        OptionalLong tpid = temporalPid.get();
        ProcessProbe.Look temporal = tpid.isPresent() ? ProcessProbe.look(tpid.getAsLong(), false) : null;
        long bytes;
        try {
            bytes = storeBytes.get();
        } catch (RuntimeException storeDown) {
            bytes = -1;
        }
        Row row = new Row(hours, workers, temporal, goHeapMb(), bytes);
        rows.add(row);
        System.out.println("soak sample " + toMap(row));
    }

    private double goHeapMb() {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(temporalMetrics).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            Matcher m = GO_HEAP.matcher(r.body());
            return m.find() ? Double.parseDouble(m.group(1)) / 1048576.0 : Double.NaN;
        } catch (Exception notServing) {
            return Double.NaN;
        } 
    }

    List<Row> rows() {
        return new ArrayList<>(rows);
    }

    static Map<String, Object> toMap(Row row) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hours", Math.round(row.hours() * 10000) / 10000.0);
        List<Object> workers = new ArrayList<>();
        for (ProcessProbe.Look l : row.workers()) {
            workers.add(l == null ? "not running" : l.gone() ? "gone" : l.toMap());
        }
        m.put("workers", workers);
        m.put("temporal", row.temporal() == null || row.temporal().gone() ? "not running" : row.temporal().toMap());
        if (!Double.isNaN(row.temporalGoHeapMb())) {
            m.put("temporal_go_heap_inuse_mb", Math.round(row.temporalGoHeapMb() * 100) / 100.0);
        }
        m.put("store_bytes", row.storeBytes());
        return m;
    }
}
