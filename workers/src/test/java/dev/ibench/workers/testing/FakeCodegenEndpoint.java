package dev.ibench.workers.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/chat/completions} endpoint on 127.0.0.1 for the REST
 * generation steps, answering deterministically from the prompt after a fixed delay.
 * <ul>
 *   <li>Code-gen prompts ({@code CodeGenPrompt}, a line {@code SQL: ...}): for about half of the questions (by a
 *   hash of the SQL) a valid endpoint proposal that wraps the SQL verbatim with no parameters; for the others text
 *   without JSON, so those questions retry with the verdict and fall back to the deterministic generator.</li>
 *   <li>LLM judge prompts ({@code LlmJudgePrompt}, "You are an expert grader"): {@code yes, same content}.</li>
 * </ul>
 * Every request is recorded with its prompt, when it arrived and when (if ever) its response was completely written,
 * so a crash test can tell completed calls from calls in flight. It is the JDK's HTTP server rather than
 * MockWebServer because a test needs to know that a response was fully sent, not only that it was queued.
 */
public final class FakeCodegenEndpoint implements AutoCloseable {
    public enum Kind { CODEGEN, JUDGE, OTHER }

    /** One request: its kind, the prompt (the user message), and the nanoTime stamps of arrival and full answer (0: never). */
    public static final class Exchange {
        private final Kind kind;
        private final String prompt;
        private final long receivedAt;
        private volatile long sentAt;

        Exchange(Kind kind, String prompt, long receivedAt) {
            this.kind = kind;
            this.prompt = prompt;
            this.receivedAt = receivedAt;
        }

        public Kind kind() {
            return kind;
        }

        public String prompt() {
            return prompt;
        }

        public long receivedAt() {
            return receivedAt;
        }

        /** {@link System#nanoTime()} when the response was completely written and the exchange closed; 0 if it never was. */
        public long sentAt() {
            return sentAt;
        }

        public boolean fullySent() {
            return sentAt != 0;
        }
    }

    static final String CODEGEN_START = "You are a careful API developer.";
    static final String JUDGE_START = "You are an expert grader";
    private static final String SQL_LINE = "\nSQL: ";
    private static final String AFTER_SQL = "\n\nColumns of the tables it reads:";
    private static final String UNPARSEABLE = "I would write an endpoint that returns what the query returns, but I am not sure how.";

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-codegen-endpoint");
        t.setDaemon(true);
        return t;
    });
    private final Duration delay;
    private final List<Exchange> exchanges = new ArrayList<>();

    private FakeCodegenEndpoint(Duration delay) {
        this.delay = delay;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the fake code-gen endpoint", e);
        }
        server.setExecutor(threads);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    public static FakeCodegenEndpoint start(Duration delay) {
        return new FakeCodegenEndpoint(delay);
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** A copy of every exchange so far, in arrival order. */
    public synchronized List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** Exchanges of a kind whose response was completely written. */
    public synchronized long answered(Kind kind) {
        return exchanges.stream().filter(e -> e.kind == kind && e.fullySent()).count();
    }

    /** Exchanges of a kind that arrived but have no complete response (yet). */
    public synchronized long inFlight(Kind kind) {
        return exchanges.stream().filter(e -> e.kind == kind && !e.fullySent()).count();
    }

    private void handle(HttpExchange http) throws IOException {
        try (http) {
            String body = new String(http.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!"POST".equals(http.getRequestMethod())) {
                send(http, 405, "{\"error\": \"POST only\"}");
                return;
            }
            String prompt = userMessage(body);
            Kind kind = prompt.startsWith(CODEGEN_START) && prompt.contains(SQL_LINE) ? Kind.CODEGEN
                    : prompt.startsWith(JUDGE_START) ? Kind.JUDGE : Kind.OTHER;
            Exchange exchange = new Exchange(kind, prompt, System.nanoTime());
            synchronized (this) {
                exchanges.add(exchange);
            }
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            String text = switch (kind) {
                case CODEGEN -> proposal(prompt);
                case JUDGE -> "yes, same content";
                case OTHER -> "I only answer code-gen and judge prompts.";
            };
            send(http, 200, completion(text));
            exchange.sentAt = System.nanoTime();
        }
    }

    private static void send(HttpExchange http, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        http.getResponseHeaders().set("Content-Type", "application/json");
        http.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = http.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String userMessage(String body) {
        try {
            JsonNode messages = Json.MAPPER.readTree(body).path("messages");
            StringBuilder sb = new StringBuilder();
            for (JsonNode m : messages) {
                if ("user".equals(m.path("role").asText())) sb.append(m.path("content").asText());
            }
            return sb.toString();
        } catch (IOException e) {
            return "";
        }
    }

    /** The SQL of a code-gen prompt (between "SQL: " and the column list). */
    public static String sqlOf(String prompt) {
        int start = prompt.indexOf(SQL_LINE);
        if (start < 0) return "";
        start += SQL_LINE.length();
        int end = prompt.indexOf(AFTER_SQL, start);
        return (end < 0 ? prompt.substring(start) : prompt.substring(start, end)).strip();
    }

    /** Whether the fake proposes a valid endpoint for this SQL (about half of all queries). */
    public static boolean proposesValidEndpoint(String sql) {
        return (sha256(sql)[0] & 1) == 0;
    }

    private static String proposal(String prompt) {
        String sql = sqlOf(prompt);
        if (!proposesValidEndpoint(sql)) return UNPARSEABLE;
        String question = line(prompt, "Question: ");
        String[] words = question.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").trim().split("\\s+");
        String slug = String.join("_", java.util.Arrays.copyOf(words, Math.min(words.length, 6)));
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("slug", slug.isEmpty() ? "answer" : slug);
        o.put("summary", "Get the answer to: " + question);
        o.put("description", "Returns what this question asks for: " + question);
        o.putArray("parameters");
        o.put("sql", sql);
        o.putObject("arguments");
        return "Here is the endpoint:\n" + o.toPrettyString();
    }

    private static String line(String prompt, String prefix) {
        for (String l : prompt.split("\n")) {
            if (l.startsWith(prefix)) return l.substring(prefix.length()).strip();
        }
        return "";
    }

    private static String completion(String text) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("id", "fake-codegen");
        root.put("object", "chat.completion");
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("message").put("role", "assistant").put("content", text);
        choice.put("finish_reason", "stop");
        root.putObject("usage").put("prompt_tokens", 300).put("completion_tokens", 60);
        return root.toString();
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
