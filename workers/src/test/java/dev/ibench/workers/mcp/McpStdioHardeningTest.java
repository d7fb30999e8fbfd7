package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 34 probe findings over MCP stdio: each malformed message is answered with the JSON-RPC error it calls for and
 * the session goes on (the next ping is answered); everything asked before the input ends is answered before the
 * server ends. The expected codes are the JSON-RPC 2.0 specification's (section 5.1).
 */
class McpStdioHardeningTest {
    private static final int PARSE = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601, INVALID_PARAMS = -32602;

    @Test
    void everyMalformedMessageGetsItsErrorAndTheSessionGoesOn() throws Exception {
        Map<String, Object[]> cases = new LinkedHashMap<>();
        cases.put("truncated JSON", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/li", PARSE, null});
        cases.put("plain text", new Object[] {"hello there", PARSE, null});
        cases.put("binary", new Object[] {new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe, 7}, PARSE, null});
        cases.put("invalid UTF-8 in a string", new Object[] {new byte[] {'"', (byte) 0xc3, '"'}, PARSE, null});
        cases.put("no method", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":5}", INVALID_REQUEST, 5});
        cases.put("no jsonrpc", new Object[] {"{\"id\":6,\"method\":\"ping\"}", INVALID_REQUEST, 6});
        cases.put("object id", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", INVALID_REQUEST, null});
        cases.put("a batch", new Object[] {"[{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}]", INVALID_REQUEST, null});
        cases.put("a number", new Object[] {"42", INVALID_REQUEST, null});
        cases.put("5,000-deep nesting", new Object[] {"[".repeat(5000) + "]".repeat(5000), INVALID_REQUEST, null});
        cases.put("deep params", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"a\":" + "[".repeat(5000)
                + "]".repeat(5000) + "}}", INVALID_REQUEST, null});
        cases.put("2 MB message", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ping\",\"params\":{\"x\":\"" + "a".repeat(2 << 20)
                + "\"}}", INVALID_REQUEST, null});
        cases.put("unknown method", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"fly/to_moon\"}", METHOD_NOT_FOUND, 11});
        cases.put("arguments as a string", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\","
                + "\"arguments\":\"{}\"}}", INVALID_PARAMS, 12});
        cases.put("name as a number", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":7}}", INVALID_PARAMS, 13});
        cases.put("params as an array", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"tools/list\",\"params\":[1]}", INVALID_PARAMS, 14});
        cases.put("initialize with clientInfo a string", new Object[] {"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":\"me\"}}", INVALID_PARAMS, 15});
        List<String> report = new ArrayList<>();
        try (InProcessStdio stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT)) {
            assertThat(stdio.initialize().path("result").path("serverInfo").path("name").asText()).startsWith("ibench-");
            int ping = 1000;
            for (Map.Entry<String, Object[]> c : cases.entrySet()) {
                Object message = c.getValue()[0];
                if (message instanceof byte[] bytes) stdio.send(bytes);
                else stdio.send((String) message);
                JsonNode answer = stdio.next(10_000);
                assertThat(answer.path("jsonrpc").asText()).as(c.getKey()).isEqualTo("2.0");
                assertThat(answer.path("error").path("code").asInt()).as(c.getKey() + ": " + answer).isEqualTo(c.getValue()[1]);
                String text = answer.path("error").path("message").asText();
                assertThat(text).as(c.getKey()).isNotBlank().doesNotContain("jackson", "Exception", "java.", "\tat ");
                Object id = c.getValue()[2];
                if (id == null) assertThat(answer.get("id").isNull()).as(c.getKey() + ": id " + answer).isTrue();
                else assertThat(answer.get("id").asInt()).as(c.getKey()).isEqualTo(id);
                report.add(c.getKey() + " -> " + answer.path("error").path("code").asInt() + " " + text);
                // the session goes on: a ping right after is answered
                stdio.send("{\"jsonrpc\":\"2.0\",\"id\":" + ++ping + ",\"method\":\"ping\"}");
                JsonNode pong = stdio.next(10_000);
                assertThat(pong.path("id").asInt()).as("ping after " + c.getKey()).isEqualTo(ping);
                assertThat(pong.has("result")).as("ping after " + c.getKey()).isTrue();
            }
            // a notification that is well formed gets no answer
            stdio.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":99}}");
            assertThat(stdio.quiet(300)).isTrue();
            // arguments as a string names the problem in plain words
            assertThat(report).anySatisfy(r -> assertThat(r).contains("arguments as a string -> -32602", "\"arguments\" must be an object"));
        }
        report.forEach(r -> System.out.println("stdio malformed: " + r));
    }

    @Test
    void everythingAskedBeforeTheInputEndsIsAnsweredBeforeTheServerEnds() throws Exception {
        try (InProcessStdio stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT)) {
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
            stdio.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            stdio.send("not json");
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\",\"arguments\":{}}}");
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8));
            stdio.endInput();
            assertThat(stdio.ended.await(30, TimeUnit.SECONDS)).as("server ends after answering").isTrue();
            List<String> ids = new ArrayList<>();
            String line;
            while ((line = stdio.nextRaw(200)) != null) ids.add(dev.ibench.core.json.Json.MAPPER.readTree(line).path("id").toString());
            assertThat(ids).containsExactlyInAnyOrder("0", "1", "null", "2", "3");
        }
    }
}
