package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The MCP JSON-RPC surface over generated messages (jqwik; cases per property from junit-platform.properties, 10,000 in
 * CI): malformed JSON (valid messages truncated, spliced, with junk; random text and bytes), unknown methods, ids,
 * {@code jsonrpc} and params of every wrong type, huge strings and numbers, deep nesting. One stdio server in this JVM
 * is driven over its own streams. Properties: every line gets at most one answer and it is a well-formed JSON-RPC
 * response (its id the message's id or null, an error with an integer code and a message without Java internals);
 * a line that is neither blank, a notification nor a response gets exactly one; a ping sent right after is answered
 * (the session goes on); the served SQLite database is byte-identical afterwards. Counts are printed.
 */
class McpJsonRpcFuzzTest {
    private static InProcessStdio stdio;
    private static Path database;
    private static String databaseBefore;
    private static final AtomicLong PING = new AtomicLong(1_000_000);
    private static final Map<String, Long> COUNTS = new TreeMap<>();

    private static final List<String> VALID = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\",\"arguments\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"start_sample\",\"arguments\":{\"sample_id\":\"superhero-720\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"filter_data\",\"arguments\":{\"data_source\":\"$starting_table_var$\","
                    + "\"key_name\":\"superhero_name\",\"value\":\"Batman\",\"condition\":\"equal_to\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}");
    private static final List<String> METHODS = List.of("ping", "tools/list", "tools/call", "initialize", "logging/setLevel", "resources/list",
            "prompts/get", "completion/complete", "notifications/initialized", "notifications/cancelled", "rpc.discover", "", "tools/call ");

    @BeforeContainer
    static void start() throws Exception {
        database = SuperheroEvalSets.dataRoot().resolve("bird/dev_databases/superhero/superhero.sqlite");
        databaseBefore = sha256(database);
        stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT);
        stdio.initialize();
    }

    @AfterContainer
    static void stop() throws Exception {
        stdio.close();
        System.out.println("MCP JSON-RPC fuzz counts: " + COUNTS);
        assertThat(sha256(database)).as("the served database is byte-identical").isEqualTo(databaseBefore);
    }

    @Property(seed = "20261126", shrinking = ShrinkingMode.OFF)
    void everyMessageGetsAWellFormedAnswerAndTheSessionGoesOn(@ForAll("messages") byte[] message) throws Exception {
        JsonNode parsed = parse(message);
        boolean blank = new String(message, StandardCharsets.UTF_8).isBlank();
        boolean notification = parsed != null && parsed.isObject() && parsed.has("method") && !parsed.has("id");
        boolean response = parsed != null && parsed.isObject() && !parsed.has("method") && (parsed.has("result") || parsed.has("error"));
        boolean expectsOne = !blank && !notification && !response;
        stdio.send(message);
        List<JsonNode> answers = new ArrayList<>();
        // a tool call runs on its own thread and may be answered after a later ping: wait for its answer first
        if (expectsOne) answers.add(next("the answer to " + show(message)));
        long ping = PING.incrementAndGet();
        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":" + ping + ",\"method\":\"ping\"}");
        while (true) {
            JsonNode line = next("the ping after " + show(message));
            if (line.path("id").isIntegralNumber() && line.path("id").asLong() == ping) {
                assertThat(line.has("result")).as("ping after %s", show(message)).isTrue();
                break;
            }
            answers.add(line);
        }
        assertThat(answers.size()).as("answers to %s: %s", show(message), answers).isLessThanOrEqualTo(1);
        if (expectsOne) assertThat(answers).as("answers to %s", show(message)).hasSize(1);
        for (JsonNode a : answers) {
            assertThat(a.path("jsonrpc").asText()).isEqualTo("2.0");
            assertThat(a.has("id")).isTrue();
            JsonNode id = parsed != null && parsed.isObject() ? parsed.get("id") : null;
            assertThat(a.get("id").isNull() || a.get("id").equals(id)).as("id of %s for %s", a, show(message)).isTrue();
            assertThat(a.has("result") ^ a.has("error")).as("%s", a).isTrue();
            if (a.has("error")) {
                assertThat(a.get("error").path("code").isIntegralNumber()).as("%s", a).isTrue();
                String text = a.get("error").path("message").asText();
                assertThat(text).as("%s for %s", a, show(message)).isNotBlank()
                        .doesNotContain("jackson", "Exception", "java.", "\tat ", "io.modelcontextprotocol");
                count("error " + a.get("error").get("code").asInt());
            } else {
                count("result");
            }
        }
        if (answers.isEmpty()) count(blank ? "blank, no answer" : "notification or response, no answer");
        count("cases");
    }

    private static JsonNode next(String what) throws Exception {
        try {
            return stdio.next(20_000);
        } catch (AssertionError none) {
            throw new AssertionError("no line within 20 s: " + what);
        }
    }

    private static synchronized void count(String key) {
        COUNTS.merge(key, 1L, Long::sum);
    }

    @Provide
    Arbitrary<byte[]> messages() {
        Arbitrary<String> valid = Arbitraries.of(VALID);
        Arbitrary<String> truncated = valid.flatMap(v -> Arbitraries.integers().between(1, v.length() - 1).map(n -> v.substring(0, n)));
        Arbitrary<String> spliced = Combinators.combine(valid, Arbitraries.integers().between(0, 200), junk())
                .as((v, at, j) -> v.substring(0, Math.min(at, v.length())) + j + v.substring(Math.min(at, v.length())));
        Arbitrary<String> structured = Combinators.combine(jsonrpc(), id(), method(), params())
                .as((j, i, m, p) -> "{" + String.join(",", nonEmpty(j, i, m, p)) + "}");
        Arbitrary<String> wrapped = structured.map(s -> "[" + s + "]");
        Arbitrary<byte[]> text = Arbitraries.frequencyOf(
                Tuple.of(3, truncated), Tuple.of(3, spliced), Tuple.of(8, structured), Tuple.of(1, wrapped), Tuple.of(1, valid),
                Tuple.of(1, Arbitraries.strings().ascii().ofMaxLength(40)), Tuple.of(1, Arbitraries.strings().all().ofMaxLength(20)))
                .map(s -> s.replace("\n", " ").getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(64).map(b -> {
            for (int i = 0; i < b.length; i++) if (b[i] == '\n') b[i] = ' ';
            return b;
        });
        return Arbitraries.frequencyOf(Tuple.of(19, text), Tuple.of(1, bytes));
    }

    private static List<String> nonEmpty(String... parts) {
        List<String> out = new ArrayList<>();
        for (String p : parts) if (!p.isEmpty()) out.add(p);
        return out;
    }

    private static Arbitrary<String> junk() {
        return Arbitraries.of("\"", "}", "{", "]", "[", ",", ":", "\\", "\\u12", "\u0000", "\u00e9", "\ud83d\ude00", "NaN", "1e400", "--", "\r", "\t",
                "null", "/*", "'");
    }

    private static Arbitrary<String> jsonrpc() {
        return Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.just("\"jsonrpc\":\"2.0\"")),
                Tuple.of(1, Arbitraries.of("", "\"jsonrpc\":\"1.0\"", "\"jsonrpc\":2.0", "\"jsonrpc\":null", "\"jsonrpc\":[\"2.0\"]")));
    }

    private static Arbitrary<String> id() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(-5, 100_000).map(i -> "\"id\":" + i)),
                Tuple.of(2, Arbitraries.strings().alpha().ofMaxLength(8).map(s -> "\"id\":\"" + s + "\"")),
                Tuple.of(2, Arbitraries.of("", "\"id\":null", "\"id\":1.5", "\"id\":true", "\"id\":{}", "\"id\":[1]", "\"id\":1180591620717411303424", "\"id\":1099511627776",
                        "\"id\":-0", "\"id\":1e3")));
    }

    private static Arbitrary<String> method() {
        return Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.of(METHODS).map(m -> "\"method\":\"" + m + "\"")),
                Tuple.of(1, Arbitraries.strings().ofMaxLength(12).map(s -> "\"method\":" + quote(s))),
                Tuple.of(1, Arbitraries.of("", "\"method\":7", "\"method\":null", "\"method\":{}", "\"result\":{}", "\"error\":{\"code\":1,\"message\":\"x\"}")));
    }

    private static Arbitrary<String> params() {
        Arbitrary<String> callParams = Combinators.combine(
                Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of("list_samples", "start_sample", "filter_data", "group_data_by", "retrieve_data",
                        "fly_to_moon").map(n -> "\"name\":\"" + n + "\"")), Tuple.of(1, value(2).map(v -> "\"name\":" + v))),
                Arbitraries.frequencyOf(Tuple.of(3, arguments()), Tuple.of(1, value(2).map(v -> "\"arguments\":" + v)), Tuple.of(1, Arbitraries.just(""))),
                Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.just("")), Tuple.of(1, value(2).map(v -> "\"_meta\":" + v))))
                .as((n, a, m) -> "{" + String.join(",", nonEmpty(n, a, m)) + "}");
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just("")),
                Tuple.of(4, callParams.map(p -> "\"params\":" + p)),
                Tuple.of(2, value(3).map(v -> "\"params\":" + v)),
                Tuple.of(1, Arbitraries.of("\"params\":{\"protocolVersion\":7,\"capabilities\":[],\"clientInfo\":\"x\"}",
                        "\"params\":{\"level\":\"loudest\"}", "\"params\":{\"cursor\":{}}", "\"params\":{\"requestId\":[]}")),
                Tuple.of(1, Arbitraries.integers().between(50, 80).map(d -> "\"params\":{\"a\":" + "[".repeat(d) + "]".repeat(d) + "}")));
    }

    private static Arbitrary<String> arguments() {
        Arbitrary<String> entry = Combinators.combine(Arbitraries.of("sample_id", "data_source", "key_name", "value", "condition", "x", ""),
                value(2)).as((k, v) -> quote(k) + ":" + v);
        return entry.list().ofMaxSize(4).map(es -> "\"arguments\":{" + String.join(",", es) + "}");
    }

    /** A JSON value of at most {@code depth} levels, with huge and odd members. */
    private static Arbitrary<String> value(int depth) {
        Arbitrary<String> scalar = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.strings().ofMaxLength(10).map(McpJsonRpcFuzzTest::quote)),
                Tuple.of(2, Arbitraries.integers().map(String::valueOf)),
                Tuple.of(1, Arbitraries.of("null", "true", "false", "1e400", "-1e-400", "0.1", "1180591620717411303424", "\"$RESULT_1$\"",
                        "\"$starting_table_var$\"", "\"superhero-720\"")),
                Tuple.of(1, Arbitraries.integers().between(900, 1100).map(n -> "9".repeat(n))),
                Tuple.of(1, Arbitraries.integers().between(10_000, 200_000).map(n -> "\"" + "x".repeat(n) + "\"")));
        if (depth <= 0) return scalar;
        Arbitrary<String> array = Arbitraries.lazy(() -> value(depth - 1)).list().ofMaxSize(3).map(l -> "[" + String.join(",", l) + "]");
        Arbitrary<String> object = Combinators.combine(Arbitraries.strings().alpha().ofMaxLength(5), Arbitraries.lazy(() -> value(depth - 1)))
                .as((k, v) -> quote(k) + ":" + v).list().ofMaxSize(3).map(l -> "{" + String.join(",", l) + "}");
        return Arbitraries.frequencyOf(Tuple.of(4, scalar), Tuple.of(1, array), Tuple.of(1, object));
    }

    private static String quote(String s) {
        try {
            return Json.MAPPER.writeValueAsString(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(byte[] message) {
        try {
            return Json.MAPPER.readTree(message);
        } catch (Exception e) {
            return null;
        }
    }

    private static String show(byte[] message) {
        String s = new String(message, StandardCharsets.UTF_8);
        return s.length() > 300 ? s.substring(0, 300) + "... (" + message.length + " bytes)" : s;
    }

    private static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
