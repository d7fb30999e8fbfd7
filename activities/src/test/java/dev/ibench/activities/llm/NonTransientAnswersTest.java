package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.llm.failure.ControlCharacters;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.prompt.ModelProfile;
import java.nio.file.Path;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An endpoint that answers 501 Not Implemented (or 505) will answer it again: one request, no retries, and the error says
 * what to check. A malformed answer's quoted body never carries raw control bytes (NUL, BEL, ESC) to a terminal.
 */
class NonTransientAnswersTest {
    private final OpenAiGatewayFaultTest faults = new OpenAiGatewayFaultTest();
    private MockWebServer server;
    @TempDir Path tmp;

    @BeforeEach
    void start() throws Exception {
        faults.start();
        server = faults.server;
    }

    @AfterEach
    void stop() throws Exception {
        faults.stop();
    }

    @Test
    void notImplementedIsNotRetried() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse().setResponseCode(501).setBody("{\"error\":\"chat completions not implemented\"}"));
        }
        ModelProfile p = faults.profile(5);
        try (ModelGateway g = faults.gateway(p, null)) {
            assertThatThrownBy(() -> g.call(OpenAiGatewayFaultTest.chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.UNSUPPORTED);
                        assertThat(e.retryable()).isFalse();
                        assertThat(e.getMessage()).contains("HTTP 501").contains("does not implement this request");
                    });
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aServerErrorIsStillRetried() {
        server.enqueue(new MockResponse().setResponseCode(503).setBody("busy"));
        server.enqueue(new MockResponse().setBody(OpenAiGatewayFaultTest.OK_CHAT));
        ModelProfile p = faults.profile(5);
        try (ModelGateway g = faults.gateway(p, null)) {
            assertThat(g.call(OpenAiGatewayFaultTest.chat(p, "q")).attempts()).isEqualTo(2);
        }
    }

    @Test
    void aMalformedAnswerIsQuotedWithItsControlBytesEscaped() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse().setBody("\u0000\u0007garbage \u001b[2J not json"));
        }
        ModelProfile p = faults.profile(5);
        try (ModelGateway g = faults.gateway(p, null)) {
            assertThatThrownBy(() -> g.call(OpenAiGatewayFaultTest.chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.MALFORMED_RESPONSE);
                        assertThat(e.getMessage()).contains("\\u0000\\u0007garbage \\u001b[2J not json")
                                .doesNotContain("\u0000").doesNotContain("\u0007").doesNotContain("\u001b");
                    });
        }
    }

    @Test
    void escapingKeepsLineBreaksAndTabs() {
        assertThat(ControlCharacters.escape("a\tb\nc\u0000d\u007f")).isEqualTo("a\tb\nc\\u0000d\\u007f");
        assertThat(ControlCharacters.escape("plain")).isEqualTo("plain");
        assertThat(ControlCharacters.escape(null)).isNull();
    }
}
