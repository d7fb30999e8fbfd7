package dev.ibench.workers.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.workers.access.ServedAccess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Found in code (issue 45): {@code /metrics} takes the tool servers' access settings; a non-loopback bind needs a
 * token, and with a token a request without it gets 401 (and nothing of the metrics).
 */
class MetricsEndpointTokenTest {
    private static final ServedAccess WITH_TOKEN = ServedAccess.DEFAULT.withToken("s3cret-metrics");

    @Test
    void withATokenARequestWithoutItIsRefused() throws Exception {
        try (MetricsEndpoint metrics = MetricsEndpoint.start("127.0.0.1", 0, WITH_TOKEN)) {
            HttpClient client = HttpClient.newHttpClient();
            URI uri = URI.create("http://127.0.0.1:" + metrics.port() + "/metrics");
            HttpResponse<String> without = client.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(without.statusCode()).isEqualTo(401);
            assertThat(without.body()).doesNotContain("s3cret-metrics");
            HttpResponse<String> with = client.send(HttpRequest.newBuilder(uri).header("Authorization", "Bearer s3cret-metrics").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(with.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aNonLoopbackBindWithoutATokenIsRefusedBeforeAnythingListens() {
        assertThatThrownBy(() -> MetricsEndpoint.start("0.0.0.0", 0, ServedAccess.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to bind 0.0.0.0, a non-loopback address, without a token");
    }

    @Test
    void otherMethodsThanGetAreRefused() throws Exception {
        try (MetricsEndpoint metrics = MetricsEndpoint.start("127.0.0.1", 0, ServedAccess.DEFAULT)) {
            HttpResponse<String> post = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + metrics.port() + "/metrics")).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
        }
    }

}
