package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 4: with a key in the environment and a server that echoes the Authorization header back in
 * its error bodies (as some providers do), the key appears in no log line, exception message, stack
 * trace, toString, or in the results store (the cache database and its WAL).
 */
class SecretsNeverLeakTest {
    @TempDir Path tmp;

    @Test
    void apiKeyAppearsNowhereAfterForcedErrors() throws Exception {
        String key = "sk-ibench-secret-" + UUID.randomUUID();
        AtomicInteger n = new AtomicInteger();
        PrintStream originalErr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest r) {
                    String auth = r.getHeader("Authorization");
                    return switch (n.incrementAndGet()) {
                        case 1 -> new MockResponse().setResponseCode(502).setBody("upstream rejected credentials " + auth);
                        case 2 -> new MockResponse().setBody(OpenAiGatewayFaultTest.OK_CHAT);
                        default -> new MockResponse().setResponseCode(401).setBody("{\"error\":{\"message\":\"Incorrect API key provided: " + auth + "\"}}");
                    };
                }
            });
            server.start();
            ModelProfile profile = ProfileCatalog.parse("""
                    name: leaky
                    provider: openai
                    base_url: %s
                    model: m
                    api_key_env: IBENCH_TEST_KEY
                    family: gpt-4o
                    api: chat
                    max_attempts: 3
                    """.formatted(server.url("/v1")), "test");
            Map<String, String> environment = Map.of("IBENCH_TEST_KEY", key);
            ModelCallException failure;
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try (ResponseCache cache = new ResponseCache(tmp.resolve("results.db"));
                 ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, environment::get, List.of()), cache,
                         new EndpointLimiters(), new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(20), 2, 0.5, Duration.ofSeconds(1)))) {
                CallResult ok = gateway.call(ModelRequests.request(profile,
                        RenderedPrompt.chat(List.of(ChatMessage.user("first")), List.of()), "s1", null));
                assertThat(ok.attempts()).isEqualTo(2);
                failure = catchThrowableOfType(ModelCallException.class, () -> gateway.call(ModelRequests.request(profile,
                        RenderedPrompt.chat(List.of(ChatMessage.user("second")), List.of()), "s2", null)));
                assertThat(gateway.client().toString()).doesNotContain(key).contains("IBENCH_TEST_KEY");
            } finally {
                System.setErr(originalErr);
            }
            // the key was really sent (so the test would notice a leak) ...
            assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer " + key);
            // ... and the failures were real and logged
            assertThat(failure).isNotNull();
            assertThat(failure.kind()).isEqualTo(ErrorKind.UNAUTHORIZED);
            assertThat(failure.getMessage()).contains("Incorrect API key provided: Bearer ***");
            String log = captured.toString(StandardCharsets.UTF_8);
            assertThat(log).contains("retrying").contains("upstream rejected credentials Bearer ***");

            StringWriter trace = new StringWriter();
            failure.printStackTrace(new PrintWriter(trace));
            assertThat(failure.getMessage()).doesNotContain(key);
            assertThat(failure.toString()).doesNotContain(key);
            assertThat(trace.toString()).doesNotContain(key);
            assertThat(log).doesNotContain(key);
            try (Stream<Path> files = Files.list(tmp)) {
                List<Path> store = files.toList();
                assertThat(store).isNotEmpty();
                for (Path f : store) {
                    assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(key);
                }
            }
            // a missing variable names the variable, not a value
            ModelCallException missing = catchThrowableOfType(ModelCallException.class,
                    () -> ModelClients.create(profile, Map.<String, String>of()::get, List.of()));
            assertThat(missing.getMessage()).contains("IBENCH_TEST_KEY").contains("not set");
            assertThat(missing.retryable()).isFalse();
        }
    }
}
