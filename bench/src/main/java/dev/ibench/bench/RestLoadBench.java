package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import java.lang.management.ManagementFactory;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load generator for {@code serve-tools} on loopback: replays the gold calls of every REST sample in a build folder
 * (a mix of all published endpoints, shuffled with a fixed seed) from C client threads, each on one keep-alive
 * connection, until the request budget or the time budget is spent, whichever comes first, then writes
 * requests/second, latency percentiles and the 1-minute load average before and after. A warm-up pass sends every
 * distinct call once first; it is reported apart, not measured with the rest.
 * Usage: {@code RestLoadBench <build-dir> <results-dir> <name> <port> [concurrency=8] [seconds=20] [max-requests=50000]}.
 * Only 127.0.0.1 is ever contacted.
 */
public final class RestLoadBench {
    private RestLoadBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: RestLoadBench <build-dir> <results-dir> <name> <port> [concurrency=8] [seconds=20] [max-requests=50000]");
        }
        Path dir = Path.of(args[0]);
        Path results = Path.of(args[1]);
        String name = args[2];
        int port = Integer.parseInt(args[3]);
        int concurrency = args.length > 4 ? Integer.parseInt(args[4]) : 8;
        int seconds = Math.min(120, args.length > 5 ? Integer.parseInt(args[5]) : 20);
        int maxRequests = Math.min(1_000_000, args.length > 6 ? Integer.parseInt(args[6]) : 50_000);
        List<String> targets = targets(dir);
        if (targets.isEmpty()) throw new IllegalStateException("no REST samples in " + dir);
        Collections.shuffle(targets, new Random(42));
        double loadBefore = load();
        // warm-up, not measured: every distinct call once (JIT, connection pools, and the server's response cache)
        Run warmup = run(port, targets, concurrency, 120, targets.size());
        if (warmup.errors > 0) throw new IllegalStateException(warmup.errors + " of " + targets.size() + " warm-up calls failed: " + warmup.statuses);
        Run r = run(port, targets, concurrency, seconds, maxRequests);
        double loadAfter = load();
        long[] sorted = Arrays.copyOf(r.latencies, r.n);
        Arrays.sort(sorted);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        out.put("at", Instant.now().toString());
        out.put("target", "http://127.0.0.1:" + port);
        out.put("client", "one keep-alive HTTP/1.1 connection per client thread (KeepAliveHttpClient)");
        out.put("distinct_calls", targets.size());
        out.put("warmup", Map.of("requests", warmup.n, "elapsed_s", round(warmup.elapsedNanos / 1e9),
                "requests_per_second", round(warmup.n / (warmup.elapsedNanos / 1e9))));
        out.put("concurrency", concurrency);
        out.put("time_budget_s", seconds);
        out.put("request_budget", maxRequests);
        out.put("requests", r.n);
        out.put("errors", r.errors);
        out.put("statuses", new TreeMap<>(r.statuses));
        out.put("elapsed_s", round(r.elapsedNanos / 1e9));
        out.put("requests_per_second", round(r.n / (r.elapsedNanos / 1e9)));
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("p50", ms(sorted, 0.50));
        latency.put("p90", ms(sorted, 0.90));
        latency.put("p99", ms(sorted, 0.99));
        latency.put("p999", ms(sorted, 0.999));
        latency.put("max", r.n == 0 ? 0 : round(sorted[r.n - 1] / 1e6));
        out.put("latency_ms", latency);
        out.put("load_average_1m", Map.of("before", round(loadBefore), "after", round(loadAfter)));
        out.put("cpus", Runtime.getRuntime().availableProcessors());
        out.put("java", System.getProperty("java.version"));
        Files.createDirectories(results);
        Path file = results.resolve(name + ".json");
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), out);
        System.out.println(Json.MAPPER.writeValueAsString(out));
        System.out.println("wrote " + file);
    }

    private record Run(int n, long[] latencies, long errors, Map<Integer, AtomicInteger> statuses, long elapsedNanos) {}

    /** C threads, each on its own connection, take the next call until the request or the time budget is spent. */
    private static Run run(int port, List<String> targets, int concurrency, int seconds, int maxRequests) throws InterruptedException {
        long[] latencies = new long[maxRequests];
        AtomicInteger next = new AtomicInteger();
        AtomicLong errors = new AtomicLong();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        CountDownLatch done = new CountDownLatch(concurrency);
        long start = System.nanoTime();
        for (int t = 0; t < concurrency; t++) {
            Thread th = new Thread(() -> {
                try (KeepAliveHttpClient http = new KeepAliveHttpClient(port, 30_000)) {
                    while (System.nanoTime() < deadline) {
                        int i = next.getAndIncrement();
                        if (i >= maxRequests) break;
                        long t0 = System.nanoTime();
                        int status;
                        try {
                            status = http.get(targets.get(i % targets.size()));
                        } catch (Exception e) {
                            status = -1;
                        }
                        latencies[i] = System.nanoTime() - t0;
                        statuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                        if (status != 200) errors.incrementAndGet();
                    }
                } finally {
                    done.countDown();
                }
            }, "load-" + t);
            th.setDaemon(true);
            th.start();
        }
        done.await();
        return new Run(Math.min(next.get(), maxRequests), latencies, errors.get(), statuses, System.nanoTime() - start);
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static double ms(long[] sorted, double q) {
        if (sorted.length == 0) return 0;
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return round(sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6);
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /** One request target per REST sample: the gold call's endpoint path with the gold arguments as query parameters. */
    static List<String> targets(Path dir) throws Exception {
        Map<String, EndpointSpec> byName = new HashMap<>();
        List<String> urls = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*" + RestPublication.FILE_SUFFIX)) {
            for (Path f : ds) {
                RestPublication pub = Json.MAPPER.readValue(f.toFile(), RestPublication.class);
                pub.endpoints().forEach(e -> byName.put(e.name(), e));
            }
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*-rest.json")) {
            for (Path f : ds) {
                JsonNode data = Json.MAPPER.readTree(f.toFile()).path("data");
                for (JsonNode s : data) {
                    JsonNode call = s.path("output").path(0);
                    EndpointSpec e = byName.get(call.path("name").asText());
                    if (e == null) continue;
                    StringBuilder url = new StringBuilder(e.path());
                    Iterator<Map.Entry<String, JsonNode>> it = call.path("arguments").fields();
                    char sep = '?';
                    while (it.hasNext()) {
                        Map.Entry<String, JsonNode> a = it.next();
                        url.append(sep).append(URLEncoder.encode(a.getKey(), StandardCharsets.UTF_8)).append('=')
                                .append(URLEncoder.encode(a.getValue().asText(), StandardCharsets.UTF_8));
                        sep = '&';
                    }
                    urls.add(url.toString());
                }
            }
        }
        return urls;
    }
}
