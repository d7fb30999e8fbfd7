package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * {@code model check} against endpoints that answer badly: a 501 is asked once (it is not transient) and exits 1 naming
 * it; an answer holding control bytes (NUL, ESC) is printed with them escaped, never raw, in the answer and in errors.
 */
class ModelCheckAnswersTest {
    private static CliRun check(String url) {
        return CliRun.capturing("model", "check", "vllm-qwen2.5-7b", "--endpoint", url, "--no-cache");
    }

    private static MockWebServer serving(MockResponse completion, AtomicInteger posts) throws Exception {
        MockWebServer server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (!"POST".equals(request.getMethod())) {
                    return new MockResponse().setResponseCode(404); // no context-size endpoints
                }
                posts.incrementAndGet();
                return completion;
            }
        });
        server.start();
        return server;
    }

    @Test
    void notImplementedIsAskedOnceAndNamed() throws Exception {
        AtomicInteger posts = new AtomicInteger();
        try (MockWebServer server = serving(new MockResponse().setResponseCode(501).setBody("not implemented"), posts)) {
            CliRun r = check(server.url("/v1").toString());
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err()).contains("HTTP 501").contains("does not implement this request");
        }
        assertThat(posts.get()).isEqualTo(1);
    }

    @Test
    void controlBytesOfAnAnswerAreEscaped() throws Exception {
        AtomicInteger posts = new AtomicInteger();
        String body = "{\"choices\":[{\"text\":\"call\\u0000me\\u001b[2J\",\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":3}}";
        try (MockWebServer server = serving(new MockResponse().setBody(body), posts)) {
            CliRun r = check(server.url("/v1").toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("=== raw answer ===\ncall\\u0000me\\u001b[2J\n").doesNotContain("\u0000").doesNotContain("\u001b");
        }
    }

    @Test
    void controlBytesOfAMalformedAnswerAreEscaped() throws Exception {
        AtomicInteger posts = new AtomicInteger();
        try (MockWebServer server = serving(new MockResponse().setBody("\u0000\u0007oops\u001b[31m"), posts)) {
            CliRun r = check(server.url("/v1").toString());
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err()).contains("\\u0000\\u0007oops\\u001b[31m").doesNotContain("\u0000").doesNotContain("\u0007")
                    .doesNotContain("\u001b");
        }
    }
}
