package dev.ibench.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue 14, item 4: W writers (threads sharing one store, as a worker's activities do) store N sample results
 * concurrently through {@link ResultsStore#saveSampleResult}; item i belongs to writer i mod W, and every 20th item
 * is written a second time by the next writer (a retried activity). Afterwards the store must hold exactly N rows,
 * N distinct keys, each with its last score: nothing lost, nothing duplicated. Records rows per second (every write,
 * retries included) and the machine load. Usage: {@code StoreLoadBench STORE WRITERS N OUT_DIR NAME} with STORE a
 * fresh store's JDBC URL or file (password from {@code IBENCH_STORE_PASSWORD}).
 */
public final class StoreLoadBench {
    private static final String CELL = "store-load/bench/synthetic/direct";
    private static final int RETRY_EVERY = 20;

    private StoreLoadBench() {}

    public static void main(String[] args) throws Exception {
        StoreLocation location = StoreLocation.parse(args[0], "STORE");
        int writers = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        Path out = Path.of(args[3]);
        String name = args[4];
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        try (ResultsDatabase db = ResultsDatabase.open(location)) {
            ResultsStore store = new ResultsStore(db);
            long started = System.nanoTime();
            long writes = write(store, writers, n);
            double seconds = (System.nanoTime() - started) / 1e9;
            double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            Check check = check(db, store, writers, n);
            ObjectNode result = Json.MAPPER.createObjectNode();
            result.put("backend", location.dialect().name().toLowerCase(java.util.Locale.ROOT));
            result.put("store", location.display());
            result.put("writers", writers);
            result.put("sample_results", n);
            result.put("writes_including_retries", writes);
            result.put("seconds", Math.round(seconds * 100) / 100.0);
            result.put("rows_per_second", Math.round(writes / seconds));
            result.put("rows", check.rows());
            result.put("distinct_keys", check.distinct());
            result.put("wrong_scores", check.wrongScores());
            result.put("lost", n - check.distinct());
            result.put("duplicated", check.rows() - check.distinct());
            result.put("cores", Runtime.getRuntime().availableProcessors());
            result.put("load_average_1m_before", loadBefore);
            result.put("load_average_1m_after", loadAfter);
            result.put("java", System.getProperty("java.version"));
            Files.createDirectories(out);
            Files.writeString(out.resolve(name + ".json"), result.toPrettyString() + "\n");
            System.out.println(result.toPrettyString());
            if (check.rows() != n || check.distinct() != n || check.wrongScores() != 0) {
                System.err.println("store load bench: rows lost, duplicated or wrong");
                System.exit(1);
            }
        }
    }

    private static long write(ResultsStore store, int writers, int n) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Long>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    long count = 0;
                    for (int i = writer; i < n; i += writers) {
                        store.saveSampleResult(result(i, "first"));
                        count++;
                        int retried = i - writers + 1;
                        if (retried >= 0 && retried % RETRY_EVERY == 0) {
                            store.saveSampleResult(result(retried, "retried"));
                            count++;
                        }
                    }
                    return count;
                }));
            }
            long writes = 0;
            for (Future<Long> f : done) {
                writes += f.get();
            }
            return writes;
        } finally {
            pool.shutdownNow();
        }
    }

    private static SampleResultRecord result(int i, String attempt) {
        return new SampleResultRecord(CELL, sampleId(i), 0, SampleResultRecord.SCORED, i % 3 == 0,
                "{\"item\":" + i + ",\"attempt\":\"" + attempt + "\"}", null);
    }

    private static String sampleId(int i) {
        return String.format("s%06d", i);
    }

    private record Check(long rows, long distinct, long wrongScores) {}

    private static Check check(ResultsDatabase db, ResultsStore store, int writers, int n) throws Exception {
        long rows;
        long distinct;
        try (Connection c = db.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT sample_id) FROM sample_results WHERE cell_id='" + CELL + "'")) {
            rs.next();
            rows = rs.getLong(1);
            distinct = rs.getLong(2);
        }
        long wrong = 0;
        for (SampleResultRecord r : store.sampleResults(CELL)) {
            int i = Integer.parseInt(r.sampleId().substring(1));
            // item j is written again by the writer of item j + writers - 1; which write lands last is a race
            boolean retried = i % RETRY_EVERY == 0 && i + writers - 1 < n;
            String expected = result(i, "first").scoreJson();
            if (!r.scoreJson().equals(expected) && !(retried && r.scoreJson().equals(result(i, "retried").scoreJson()))) {
                wrong++;
            }
        }
        return new Check(rows, distinct, wrong);
    }
}
