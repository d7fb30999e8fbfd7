package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Load generator for {@code serve-tools} on loopback: replays the gold calls of every REST sample in a build folder
 * (a mix of all published endpoints, shuffled with a fixed seed) from C client threads until the request budget or
 * the time budget is spent, whichever comes first, then writes requests/second and latency percentiles.
 * Usage: {@code RestLoadBench <build-dir> <results-dir> <name> <port> [concurrency=8] [seconds=20] [max-requests=50000]}.
 * Only 127.0.0.1 is ever contacted.
 */
public final class RestLoadBench {
    private RestLoadBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path results = Path.of(args[1]);
        String name = args[2];
        int port = Integer.parseInt(args[3]);
        int concurrency = args.length > 4 ? Integer.parseInt(args[4]) : 8;
        int seconds = Math.min(120, args.length > 5 ? Integer.parseInt(args[5]) : 20);
        int maxRequests = Math.min(1_000_000, args.length > 6 ? Integer.parseInt(args[6]) : 50_000);
        List<String> targets = targets(dir, port);
        if (targets.isEmpty()) throw new IllegalStateException("no REST samples in " + dir);
        Collections.shuffle(targets, new Random(42));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
        for (int i = 0; i < Math.min(200, targets.size()); i++) send(http, targets.get(i)); // warm-up, not measured
        long[] latencies = new long[maxRequests];
        AtomicInteger next = new AtomicInteger();
        AtomicLong errors = new AtomicLong();
        Map<Integer, AtomicInteger> statuses = new java.util.concurrent.ConcurrentHashMap<>();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        CountDownLatch done = new CountDownLatch(concurrency);
        long start = System.nanoTime();
        for (int t = 0; t < concurrency; t++) {
            Thread th = new Thread(() -> {
                try {
                    while (System.nanoTime() < deadline) {
                        int i = next.getAndIncrement();
                        if (i >= maxRequests) break;
                        long t0 = System.nanoTime();
                        int status;
                        try {
                            status = send(http, targets.get(i % targets.size()));
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
        long elapsed = System.nanoTime() - start;
        int n = Math.min(next.get(), maxRequests);
        long[] sorted = Arrays.copyOf(latencies, n);
        Arrays.sort(sorted);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        out.put("at", Instant.now().toString());
        out.put("target", "http://127.0.0.1:" + port);
        out.put("distinct_calls", targets.size());
        out.put("concurrency", concurrency);
        out.put("time_budget_s", seconds);
        out.put("request_budget", maxRequests);
        out.put("requests", n);
        out.put("errors", errors.get());
        out.put("statuses", new java.util.TreeMap<>(statuses));
        out.put("elapsed_s", round(elapsed / 1e9));
        out.put("requests_per_second", round(n / (elapsed / 1e9)));
        out.put("latency_ms", Map.of("p50", ms(sorted, 0.50), "p90", ms(sorted, 0.90), "p99", ms(sorted, 0.99), "max", n == 0 ? 0 : round(sorted[n - 1] / 1e6)));
        out.put("cpus", Runtime.getRuntime().availableProcessors());
        out.put("java", System.getProperty("java.version"));
        Files.createDirectories(results);
        Path file = results.resolve(name + ".json");
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), out);
        System.out.println(Json.MAPPER.writeValueAsString(out));
        System.out.println("wrote " + file);
    }

    private static int send(HttpClient http, String url) throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return r.statusCode();
    }

    private static double ms(long[] sorted, double q) {
        if (sorted.length == 0) return 0;
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return round(sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6);
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /** One URL per REST sample: the gold call's endpoint path with the gold arguments as query parameters. */
    static List<String> targets(Path dir, int port) throws Exception {
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
                    StringBuilder url = new StringBuilder("http://127.0.0.1:" + port + e.path());
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
