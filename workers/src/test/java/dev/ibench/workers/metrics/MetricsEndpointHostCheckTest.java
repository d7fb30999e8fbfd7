package dev.ibench.workers.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Found in code (issue 45): the worker's {@code /metrics} endpoint had none of the tool servers' checks. Bound to
 * loopback it now answers only requests whose {@code Host} names this server, as the tool servers do (a page of
 * another site reaching it through DNS rebinding sends its own name).
 */
class MetricsEndpointHostCheckTest {
    /** The whole answer to {@code GET /metrics} sent with {@code host} as the Host header (a raw request: clients refuse to set Host). */
    private static String get(int port, String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("GET /metrics HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aForeignHostIsRefusedAndTheServersOwnIsAnswered() throws Exception {
        try (MetricsEndpoint metrics = MetricsEndpoint.start("127.0.0.1", 0)) {
            metrics.registry().counter("ibench_test_total").increment();
            String own = get(metrics.port(), "127.0.0.1:" + metrics.port());
            assertThat(own).startsWith("HTTP/1.1 200").contains("ibench_test_total");
            String foreign = get(metrics.port(), "evil.example:" + metrics.port());
            assertThat(foreign).startsWith("HTTP/1.1 403").doesNotContain("ibench_test_total");
        }
    }
}
