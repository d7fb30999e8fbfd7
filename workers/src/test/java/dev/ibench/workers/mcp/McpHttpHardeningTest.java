package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.access.ServedAccess;
import dev.ibench.workers.rest.RawHttp;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 probe findings on MCP over streamable HTTP, over raw sockets: a malformed body gets 400 with the JSON-RPC
 * error it calls for and no stack trace (nor does any SDK error answer), {@code Origin} and {@code Host} are checked
 * against DNS rebinding (403), the bearer token (401) and the per-client rate limit (429 with Retry-After) hold.
 */
class McpHttpHardeningTest {
    private static final String TOKEN = "mcp-tok-5d1e88a0c3";
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    @TempDir
    Path tmp;

    private static Map<String, String> headers(int port, String... more) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "127.0.0.1:" + port);
        h.put("Accept", "application/json, text/event-stream");
        h.put("Content-Type", "application/json");
        for (int i = 0; i < more.length; i += 2) h.put(more[i], more[i + 1]);
        return h;
    }

    private static RawHttp post(int port, String body, Map<String, String> headers) throws Exception {
        return RawHttp.request(port, "POST", McpToolServer.ENDPOINT, headers, body, 10_000);
    }

    @Test
    void malformedBodiesGetJsonRpcErrorsAndNoAnswerHoldsAStackTrace() throws Exception {
        try (McpToolServer server = McpToolServer.http(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT, null,
                "127.0.0.1", 0, tmp.resolve("tomcat"))) {
            int port = server.port();
            Map<String, Integer> expected = new LinkedHashMap<>();
            expected.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initi", -32700);
            expected.put("hello", -32700);
            expected.put("{\"jsonrpc\":\"2.0\",\"id\":1}", -32600);
            expected.put("[" .repeat(5000) + "]".repeat(5000), -32600);
            expected.put("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":\"{}\"}}", -32602);
            for (Map.Entry<String, Integer> e : expected.entrySet()) {
                RawHttp r = post(port, e.getKey(), headers(port));
                assertThat(r.status()).as(e.getKey()).isEqualTo(400);
                JsonNode body = Json.MAPPER.readTree(r.body());
                assertThat(body.path("error").path("code").asInt()).as(e.getKey()).isEqualTo(e.getValue());
                assertNoInternals(r);
                System.out.println("MCP HTTP malformed body: " + r.status() + " " + r.body());
            }
            // errors the SDK answers itself: no Accept header, an unknown session, no session id
            Map<String, String> noAccept = headers(port);
            noAccept.remove("Accept");
            List<RawHttp> sdkErrors = List.of(
                    post(port, INIT, noAccept),
                    post(port, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}", headers(port, "Mcp-Session-Id", "no-such-session")),
                    post(port, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}", headers(port)),
                    RawHttp.request(port, "GET", McpToolServer.ENDPOINT, headers(port), null, 10_000),
                    RawHttp.request(port, "DELETE", McpToolServer.ENDPOINT, headers(port), null, 10_000),
                    post(port, INIT, headers(port, "Content-Type", "text/plain")));
            for (RawHttp r : sdkErrors) {
                System.out.println("MCP HTTP SDK error, scrubbed: " + r.status() + " " + r.body());
                assertThat(r.status()).isGreaterThanOrEqualTo(400);
                assertNoInternals(r);
            }
            // and a well-formed initialize still works
            RawHttp ok = post(port, INIT, headers(port));
            assertThat(ok.status()).isEqualTo(200);
            assertThat(ok.body()).contains("ibench-");
        }
    }

    private static void assertNoInternals(RawHttp r) {
        assertThat(r.body()).as(r.status() + " " + r.body()).doesNotContain("stackTrace", "\tat ", "Exception", "java.", "jakarta.", "Tomcat",
                "<html");
    }

    @Test
    void originHostTokenAndRateAreChecked() throws Exception {
        ServedAccess access = new ServedAccess(TOKEN, List.of(), List.of(), 2, 4, 0);
        try (McpToolServer server = McpToolServer.http(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT, null,
                "127.0.0.1", 0, tmp.resolve("tomcat"), access)) {
            int port = server.port();
            String bearer = "Bearer " + TOKEN;
            RawHttp evil = post(port, INIT, headers(port, "Origin", "http://evil.example", "Authorization", bearer));
            assertThat(evil.status()).isEqualTo(403);
            assertThat(evil.body()).contains("Origin 'http://evil.example'");
            RawHttp rebound = post(port, INIT, headers(port, "Host", "evil.example:" + port, "Authorization", bearer));
            assertThat(rebound.status()).isEqualTo(403);
            RawHttp noToken = post(port, INIT, headers(port));
            assertThat(noToken.status()).isEqualTo(401);
            assertThat(noToken.headers()).containsEntry("www-authenticate", "Bearer realm=\"ibench\"");
            assertThat(noToken.body()).doesNotContain(TOKEN);
            RawHttp ok = post(port, INIT, headers(port, "Authorization", bearer));
            assertThat(ok.status()).isEqualTo(200);
            // the bucket held 4: 403 and 403 refused before the rate, 401 and 200 spent two; two more pass, then 429
            int last = 0;
            RawHttp refused = null;
            for (int i = 0; i < 4 && refused == null; i++) {
                RawHttp r = post(port, INIT, headers(port, "Authorization", bearer));
                last = r.status();
                if (last == 429) refused = r;
            }
            assertThat(refused).as("a 429 within 4 more requests (last status " + last + ")").isNotNull();
            assertThat(Integer.parseInt(refused.headers().get("retry-after"))).isBetween(1, 1);
        }
    }
}
