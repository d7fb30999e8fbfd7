package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34: a request target that is not a valid URI ({@code ?name=%zz%}, a bad escape in the path) gets the
 * server's JSON error, not the JDK server's plain-text {@code 400 URISyntaxException thrown}; a character Tomcat
 * refuses in the target gets JSON too; and the connection's next request is answered.
 */
class RestMalformedTargetTest {
    @TempDir
    static Path out;

    private static PublishedEndpoints endpoints;

    @BeforeAll
    static void build() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out);
        endpoints = PublishedEndpoints.load(out, null);
    }

    @Test
    void malformedPercentEscapesGetTheServersJsonError() throws Exception {
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 100)) {
            String host = "127.0.0.1:" + server.port();
            String endpoint = endpoints.all().get(0).spec().path();
            for (String target : List.of(endpoint + "?name=%zz%", endpoint + "?x=%", "/openapi.json?%zz")) {
                RawHttp r = RawHttp.request(server.port(), "GET", target, Map.of("Host", host), null, 5_000);
                assertThat(r.status()).as(target).isEqualTo(400);
                assertThat(r.headers().get("content-type")).as(target).startsWith("application/json");
                JsonNode body = Json.MAPPER.readTree(r.body());
                assertThat(body.path("error").asText()).as(target).startsWith("malformed request target: Malformed escape pair at index ");
                assertThat(r.body()).doesNotContain("URISyntaxException", "Exception", "<h1>");
            }
            // a well-formed call right after is answered as before
            assertThat(RawHttp.get(server.port(), "/openapi.json", Map.of("Host", host)).status()).isEqualTo(200);
        }
    }

    @Test
    void targetsTomcatRefusesGetJsonToo() throws Exception {
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 100)) {
            String host = "127.0.0.1:" + server.port();
            for (String target : List.of("/v1/%zz/x", "/openapi.json?a={b}")) {
                RawHttp r = RawHttp.request(server.port(), "GET", target, Map.of("Host", host), null, 5_000);
                System.out.println("REST malformed target " + target + " -> " + r.status() + " " + r.headers().get("content-type") + " " + r.body());
                assertThat(r.status()).as(target).isEqualTo(400);
                assertThat(Json.MAPPER.readTree(r.body()).path("error").asText()).as(target).isNotBlank();
                assertThat(r.body()).doesNotContain("Exception", "Tomcat", "<html");
            }
        }
    }
}
