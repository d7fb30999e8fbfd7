package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.access.ServedAccess;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 probe findings on the REST tool server, over raw sockets on 127.0.0.1: slow clients that send half their
 * headers no longer hold every request thread; the bearer token (401), Host and Origin (403) and the per-client rate
 * limit (429 with Retry-After) are enforced; a malformed query escape gets ibench's JSON error.
 */
class RestServerStrangersTest {
    private static final String TOKEN = "tok-7f3a9c21e4b5";
    @TempDir static Path out;
    private static PublishedEndpoints endpoints;

    @BeforeAll
    static void build() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out);
        endpoints = PublishedEndpoints.load(out, null);
    }

    @Test
    void eightSlowClientsDoNotBlockANinthRequest() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 8, 10_000)) {
            String host = "127.0.0.1:" + server.port();
            for (int i = 0; i < 16; i++) { // twice the request threads
                Socket s = new Socket("127.0.0.1", server.port());
                slow.add(s);
                OutputStream o = s.getOutputStream();
                o.write(("GET /openapi.json HTTP/1.1\r\nHost: " + host + "\r\nX-Slow: a").getBytes(StandardCharsets.US_ASCII));
                o.flush();
            }
            Thread.sleep(500); // every slow request has been handed to a request thread by now
            long start = System.nanoTime();
            RawHttp ninth = RawHttp.request(server.port(), "GET", "/openapi.json", Map.of("Host", host), null, 5_000);
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.println("REST: 16 slow clients open, a well-formed request answered " + ninth.status() + " in " + millis + " ms");
            assertThat(ninth.status()).isEqualTo(200);
            assertThat(ninth.body()).contains("\"openapi\"");
        } finally {
            for (Socket s : slow) s.close();
        }
    }

    @Test
    void withATokenEveryRequestNeedsIt() throws Exception {
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000, 0, ServedAccess.DEFAULT.withToken(TOKEN))) {
            String host = "127.0.0.1:" + server.port();
            RawHttp none = RawHttp.get(server.port(), "/openapi.json", Map.of("Host", host));
            assertThat(none.status()).isEqualTo(401);
            assertThat(none.headers()).containsEntry("www-authenticate", "Bearer realm=\"ibench\"");
            assertThat(none.body()).contains("bearer token").doesNotContain(TOKEN);
            RawHttp wrong = RawHttp.get(server.port(), "/openapi.json", Map.of("Host", host, "Authorization", "Bearer " + TOKEN + "x"));
            assertThat(wrong.status()).isEqualTo(401);
            assertThat(wrong.body()).doesNotContain(TOKEN);
            RawHttp right = RawHttp.get(server.port(), "/openapi.json", Map.of("Host", host, "Authorization", "Bearer " + TOKEN));
            assertThat(right.status()).isEqualTo(200);
        }
    }

    @Test
    void hostAndOriginMustBeThisServers() throws Exception {
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            int port = server.port();
            String own = "127.0.0.1:" + port;
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", own)).status()).isEqualTo(200);
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", "localhost:" + port)).status()).isEqualTo(200);
            RawHttp rebound = RawHttp.get(port, "/openapi.json", Map.of("Host", "evil.example:" + port));
            assertThat(rebound.status()).isEqualTo(403);
            assertThat(rebound.body()).contains("Host 'evil.example:" + port + "'");
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", "127.0.0.1:1")).status()).isEqualTo(403);
            RawHttp evil = RawHttp.get(port, "/openapi.json", Map.of("Host", own, "Origin", "http://evil.example"));
            assertThat(evil.status()).isEqualTo(403);
            assertThat(evil.body()).contains("Origin 'http://evil.example'");
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", own, "Origin", "http://" + own)).status()).isEqualTo(200);
        }
        ServedAccess allowing = new ServedAccess(null, List.of("tools.internal"), List.of("http://localhost:3000"), 0, 0, 0);
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000, 0, allowing)) {
            int port = server.port();
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", "tools.internal:" + port)).status()).isEqualTo(200);
            assertThat(RawHttp.get(port, "/openapi.json", Map.of("Host", "127.0.0.1:" + port, "Origin", "http://localhost:3000")).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void overTheRateLimitAClientGets429WithRetryAfter() throws Exception {
        ServedAccess limited = new ServedAccess(null, List.of(), List.of(), 1, 3, 0);
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000, 0, limited)) {
            String host = "127.0.0.1:" + server.port();
            List<Integer> statuses = new ArrayList<>();
            RawHttp refused = null;
            for (int i = 0; i < 5; i++) {
                RawHttp r = RawHttp.get(server.port(), "/openapi.json", Map.of("Host", host));
                statuses.add(r.status());
                if (r.status() == 429 && refused == null) refused = r;
            }
            System.out.println("REST: 5 requests at once, 1/s with bursts of 3: " + statuses);
            assertThat(statuses.subList(0, 3)).containsOnly(200);
            assertThat(statuses.subList(3, 5)).containsOnly(429);
            assertThat(refused.headers().get("retry-after")).isEqualTo("1");
            assertThat(refused.body()).contains("too many requests");
        }
    }
}
