package dev.ibench.testing.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * TEST TOOL, not a provider: a stand-in of OpenAI's Batch API on 127.0.0.1, written from its published reference
 * (platform.openai.com/docs/api-reference/batch and /files). It serves
 * <ul>
 *   <li>{@code POST /v1/files} (multipart, {@code purpose=batch}): a JSONL input file, refused (400) beyond the
 *       lines and bytes per file it was started with, or with a line that is not {@code {custom_id, method, url, body}};</li>
 *   <li>{@code GET /v1/files/{id}/content}: an input, output or error file;</li>
 *   <li>{@code POST /v1/batches} ({@code input_file_id}, {@code endpoint}, {@code completion_window: 24h},
 *       {@code metadata}), {@code GET /v1/batches/{id}}, {@code GET /v1/batches?limit&after} (newest first) and
 *       {@code POST /v1/batches/{id}/cancel};</li>
 *   <li>{@code POST /v1/chat/completions} and {@code /v1/completions}: the same answers as normal calls, for a run
 *       without batch to compare with.</li>
 * </ul>
 * A batch is {@code validating} when first looked at, {@code in_progress} until its processing time has passed since
 * it was created, then {@code completed} with an output file ({@code {id, custom_id, response: {status_code,
 * request_id, body}, error: null}} per line) and, when a line failed ({@link #failCustomIds}), an error file
 * ({@code response: null, error: {code, message}}). Cancelling makes it {@code cancelling}, then {@code cancelled}
 * with no line answered; {@link #expireBatches} makes finished batches {@code expired}, every line in the error file
 * with code {@code batch_expired}. It counts what it was sent, so a test can tell that no item was submitted twice.
 */
public final class StandInBatchApi implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final Function<JsonNode, JsonNode> answers;
    private final int maxLines;
    private final long maxBytes;
    private final Map<String, StoredFile> files = new ConcurrentHashMap<>();
    private final Map<String, Batch> batches = new ConcurrentHashMap<>();
    private final List<String> batchOrder = new ArrayList<>();
    private final Map<String, AtomicInteger> linesPerCustomId = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicInteger uploads = new AtomicInteger();
    private final AtomicInteger directCalls = new AtomicInteger();
    private final Map<String, AtomicInteger> directCallsPerModel = new ConcurrentHashMap<>();
    private final AtomicInteger retrieves = new AtomicInteger();
    private final AtomicInteger contentReads = new AtomicInteger();
    private final Set<String> failing = ConcurrentHashMap.newKeySet();
    private volatile Duration processing = Duration.ofSeconds(1);
    private volatile Duration transferDelay = Duration.ZERO;
    private volatile boolean expire;

    private record StoredFile(String id, String purpose, String filename, byte[] bytes, long createdAt) {}

    private static final class Batch {
        final String id;
        final String inputFileId;
        final String endpoint;
        final JsonNode metadata;
        final long createdAt;
        final long createdNanos;
        final List<JsonNode> lines;
        String status = "validating";
        boolean looked;
        String outputFileId;
        String errorFileId;
        int completed;
        int failed;

        Batch(String id, String inputFileId, String endpoint, JsonNode metadata, long createdAt, List<JsonNode> lines) {
            this.id = id;
            this.inputFileId = inputFileId;
            this.endpoint = endpoint;
            this.metadata = metadata;
            this.createdAt = createdAt;
            this.createdNanos = System.nanoTime();
            this.lines = lines;
        }
    }

    private StandInBatchApi(Function<JsonNode, JsonNode> answers, int maxLines, long maxBytes) throws IOException {
        this.answers = answers;
        this.maxLines = maxLines;
        this.maxBytes = maxBytes;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/v1/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /**
     * Starts the stand-in. {@code answers} turns a request body ({@code /v1/chat/completions} or {@code /v1/completions}
     * form) into the response body the provider would return; it must be deterministic so a batch line and a normal call
     * of the same request get the same answer.
     */
    public static StandInBatchApi start(Function<JsonNode, JsonNode> answers, int maxLinesPerFile, long maxBytesPerFile) {
        try {
            return new StandInBatchApi(answers, maxLinesPerFile, maxBytesPerFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the stand-in Batch API", e);
        }
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** How long a batch stays in progress after it was created (default 1 s). */
    public void setProcessingTime(Duration time) {
        this.processing = time;
    }

    /** A pause in the middle of every upload and file download, so a test can kill its client during one. */
    public void setTransferDelay(Duration delay) {
        this.transferDelay = delay;
    }

    /** Lines with these custom ids end in the error file (code {@code server_error}) instead of the output file. */
    public void failCustomIds(Set<String> customIds) {
        failing.clear();
        failing.addAll(customIds);
    }

    /** From now on a batch's processing time ends in {@code expired}: no line answered, each in the error file. */
    public void expireBatches(boolean on) {
        this.expire = on;
    }

    public int uploads() {
        return uploads.get();
    }

    public int batchesCreated() {
        synchronized (batchOrder) {
            return batchOrder.size();
        }
    }

    /** How many lines of created batches carried each custom id (a line counts once its batch is created). */
    public Map<String, Integer> linesPerCustomId() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        linesPerCustomId.forEach((k, v) -> counts.put(k, v.get()));
        return counts;
    }

    /** Normal (non-batch) completion calls received. */
    public int directCalls() {
        return directCalls.get();
    }

    /** Normal (non-batch) completion calls received for the served model {@code model}. */
    public int directCalls(String model) {
        AtomicInteger n = directCallsPerModel.get(model);
        return n == null ? 0 : n.get();
    }

    /** {@code GET /v1/batches/{id}} requests received. */
    public int retrieves() {
        return retrieves.get();
    }

    /** {@code GET /v1/files/{id}/content} requests received. */
    public int contentReads() {
        return contentReads.get();
    }

    /** The status of every batch created so far, in creation order. */
    public List<String> statuses() {
        synchronized (batchOrder) {
            return batchOrder.stream().map(id -> batches.get(id).status).toList();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            URI uri = exchange.getRequestURI();
            String path = uri.getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Reply reply;
            try {
                reply = route(method, path, uri.getRawQuery(), exchange.getRequestHeaders().getFirst("Content-Type"), body);
            } catch (BadRequest e) {
                reply = Reply.error(400, e.getMessage());
            } catch (RuntimeException e) {
                reply = Reply.error(500, String.valueOf(e.getMessage()));
            }
            exchange.getResponseHeaders().set("Content-Type", reply.contentType);
            exchange.sendResponseHeaders(reply.status, reply.body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply.body);
            }
        }
    }

    private record Reply(int status, String contentType, byte[] body) {
        static Reply json(JsonNode node) {
            return new Reply(200, "application/json", node.toString().getBytes(StandardCharsets.UTF_8));
        }

        static Reply error(int status, String message) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.putObject("error").put("message", message).put("type", "invalid_request_error");
            return new Reply(status, "application/json", root.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    private static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message);
        }
    }

    private Reply route(String method, String path, String query, String contentType, byte[] body) {
        if (method.equals("POST") && (path.equals("/v1/chat/completions") || path.equals("/v1/completions"))) {
            directCalls.incrementAndGet();
            JsonNode request = readJson(body);
            directCallsPerModel.computeIfAbsent(request.path("model").asText(), k -> new AtomicInteger()).incrementAndGet();
            return Reply.json(answers.apply(request));
        }
        if (method.equals("POST") && path.equals("/v1/files")) {
            return upload(contentType, body);
        }
        if (method.equals("GET") && path.startsWith("/v1/files/") && path.endsWith("/content")) {
            return content(path.substring("/v1/files/".length(), path.length() - "/content".length()));
        }
        if (method.equals("POST") && path.equals("/v1/batches")) {
            return create(readJson(body));
        }
        if (method.equals("GET") && path.equals("/v1/batches")) {
            return list(query);
        }
        if (path.startsWith("/v1/batches/")) {
            String rest = path.substring("/v1/batches/".length());
            if (method.equals("POST") && rest.endsWith("/cancel")) {
                return cancel(rest.substring(0, rest.length() - "/cancel".length()));
            }
            if (method.equals("GET") && !rest.contains("/")) {
                retrieves.incrementAndGet();
                Batch batch = batches.get(rest);
                if (batch == null) {
                    return Reply.error(404, "No batch found with id '" + rest + "'.");
                }
                synchronized (batch) {
                    advance(batch);
                    return Reply.json(describe(batch));
                }
            }
        }
        return Reply.error(404, "Unknown request URL: " + method + " " + path);
    }

    private static JsonNode readJson(byte[] body) {
        try {
            return Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new BadRequest("We could not parse the JSON body of your request.");
        }
    }

    private Reply upload(String contentType, byte[] body) {
        uploads.incrementAndGet();
        pause();
        Map<String, byte[]> parts = Multipart.parts(contentType, body);
        String purpose = parts.containsKey("purpose") ? new String(parts.get("purpose"), StandardCharsets.UTF_8) : null;
        byte[] file = parts.get("file");
        if (!"batch".equals(purpose) || file == null) {
            throw new BadRequest("an upload needs a 'file' and purpose 'batch', got purpose " + purpose);
        }
        if (file.length > maxBytes) {
            throw new BadRequest("File is too large: " + file.length + " bytes, the limit is " + maxBytes);
        }
        List<JsonNode> lines = lines(file);
        if (lines.size() > maxLines) {
            throw new BadRequest("File has " + lines.size() + " requests, the limit is " + maxLines);
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode line : lines) {
            if (!line.path("custom_id").isTextual() || !"POST".equals(line.path("method").asText()) || !line.path("url").isTextual()
                    || !line.path("body").isObject()) {
                throw new BadRequest("each line needs custom_id, method POST, url and body: " + line);
            }
            if (!seen.add(line.path("custom_id").asText())) {
                throw new BadRequest("duplicate custom_id " + line.path("custom_id").asText());
            }
        }
        String id = "file-" + ids.incrementAndGet();
        StoredFile stored = new StoredFile(id, "batch", "input.jsonl", file, now());
        files.put(id, stored);
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("id", id).put("object", "file").put("bytes", file.length).put("created_at", stored.createdAt)
                .put("filename", stored.filename).put("purpose", "batch");
        return Reply.json(out);
    }

    private static List<JsonNode> lines(byte[] file) {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : new String(file, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                try {
                    lines.add(Json.MAPPER.readTree(line));
                } catch (IOException e) {
                    throw new BadRequest("line " + (lines.size() + 1) + " is not JSON");
                }
            }
        }
        return lines;
    }

    private Reply content(String fileId) {
        contentReads.incrementAndGet();
        StoredFile file = files.get(fileId);
        if (file == null) {
            return Reply.error(404, "No such File object: " + fileId);
        }
        pause();
        return new Reply(200, "application/octet-stream", file.bytes);
    }

    private Reply create(JsonNode request) {
        String inputFileId = request.path("input_file_id").asText(null);
        String endpoint = request.path("endpoint").asText(null);
        if (!"24h".equals(request.path("completion_window").asText())) {
            throw new BadRequest("completion_window must be 24h");
        }
        if (!"/v1/chat/completions".equals(endpoint) && !"/v1/completions".equals(endpoint)) {
            throw new BadRequest("endpoint must be /v1/chat/completions or /v1/completions, got " + endpoint);
        }
        StoredFile file = inputFileId == null ? null : files.get(inputFileId);
        if (file == null || !"batch".equals(file.purpose)) {
            throw new BadRequest("input_file_id " + inputFileId + " is not a file uploaded with purpose batch");
        }
        List<JsonNode> lines = lines(file.bytes);
        for (JsonNode line : lines) {
            if (!endpoint.equals(line.path("url").asText())) {
                throw new BadRequest("line " + line.path("custom_id").asText() + " has url " + line.path("url").asText()
                        + ", the batch's endpoint is " + endpoint);
            }
        }
        Batch batch = new Batch("batch_" + ids.incrementAndGet(), inputFileId, endpoint,
                request.path("metadata").isObject() ? request.path("metadata") : Json.MAPPER.createObjectNode(), now(), lines);
        synchronized (batchOrder) {
            batches.put(batch.id, batch);
            batchOrder.add(batch.id);
        }
        for (JsonNode line : lines) {
            linesPerCustomId.computeIfAbsent(line.path("custom_id").asText(), k -> new AtomicInteger()).incrementAndGet();
        }
        synchronized (batch) {
            return Reply.json(describe(batch));
        }
    }

    private Reply list(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    params.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
        }
        int limit = Math.max(1, Math.min(100, Integer.parseInt(params.getOrDefault("limit", "20"))));
        List<String> newestFirst;
        synchronized (batchOrder) {
            newestFirst = new ArrayList<>(batchOrder);
        }
        java.util.Collections.reverse(newestFirst);
        int start = 0;
        String after = params.get("after");
        if (after != null) {
            start = newestFirst.indexOf(after) + 1;
        }
        List<String> page = newestFirst.subList(Math.min(start, newestFirst.size()), Math.min(start + limit, newestFirst.size()));
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("object", "list");
        ArrayNode data = out.putArray("data");
        for (String id : page) {
            Batch b = batches.get(id);
            synchronized (b) {
                data.add(describe(b));
            }
        }
        out.put("first_id", page.isEmpty() ? null : page.get(0));
        out.put("last_id", page.isEmpty() ? null : page.get(page.size() - 1));
        out.put("has_more", start + limit < newestFirst.size());
        return Reply.json(out);
    }

    private Reply cancel(String id) {
        Batch batch = batches.get(id);
        if (batch == null) {
            return Reply.error(404, "No batch found with id '" + id + "'.");
        }
        synchronized (batch) {
            advance(batch);
            if (batch.status.equals("validating") || batch.status.equals("in_progress")) {
                batch.status = "cancelling";
            } else if (!batch.status.equals("cancelling")) {
                throw new BadRequest("Cannot cancel a batch with status '" + batch.status + "'.");
            }
            return Reply.json(describe(batch));
        }
    }

    /** Moves a batch on by the clock: validating once seen, in progress, then finished; cancelling ends as cancelled. */
    private void advance(Batch batch) {
        switch (batch.status) {
            case "validating" -> {
                if (batch.looked) {
                    batch.status = "in_progress";
                }
                batch.looked = true;
            }
            case "in_progress" -> {
                if (System.nanoTime() - batch.createdNanos >= processing.toNanos()) {
                    finish(batch, expire ? "expired" : "completed");
                }
            }
            case "cancelling" -> finish(batch, "cancelled");
            default -> { }
        }
    }

    private void finish(Batch batch, String end) {
        StringBuilder output = new StringBuilder();
        StringBuilder errors = new StringBuilder();
        for (JsonNode line : batch.lines) {
            String customId = line.path("custom_id").asText();
            ObjectNode out = Json.MAPPER.createObjectNode();
            out.put("id", "batch_req_" + ids.incrementAndGet()).put("custom_id", customId);
            if (end.equals("completed") && !failing.contains(customId)) {
                ObjectNode response = out.putObject("response");
                response.put("status_code", 200).put("request_id", "req_" + ids.incrementAndGet());
                response.set("body", answers.apply(line.path("body")));
                out.putNull("error");
                output.append(out).append('\n');
                batch.completed++;
            } else {
                out.putNull("response");
                String code = end.equals("completed") ? "server_error" : end.equals("expired") ? "batch_expired" : "batch_cancelled";
                out.putObject("error").put("code", code).put("message", "This request was not answered (" + code + ").");
                errors.append(out).append('\n');
                batch.failed++;
            }
        }
        if (output.length() > 0) {
            batch.outputFileId = storeOutput(output);
        }
        if (errors.length() > 0) {
            batch.errorFileId = storeOutput(errors);
        }
        batch.status = end;
    }

    private String storeOutput(StringBuilder text) {
        String id = "file-" + ids.incrementAndGet();
        files.put(id, new StoredFile(id, "batch_output", id + ".jsonl", text.toString().getBytes(StandardCharsets.UTF_8), now()));
        return id;
    }

    private static ObjectNode describe(Batch b) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("id", b.id).put("object", "batch").put("endpoint", b.endpoint).putNull("errors");
        out.put("input_file_id", b.inputFileId).put("completion_window", "24h").put("status", b.status);
        out.put("output_file_id", b.outputFileId).put("error_file_id", b.errorFileId);
        out.put("created_at", b.createdAt);
        out.set("metadata", b.metadata);
        out.putObject("request_counts").put("total", b.lines.size()).put("completed", b.completed).put("failed", b.failed);
        return out;
    }

    private void pause() {
        long millis = transferDelay.toMillis();
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
