package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: {@code ibench model check} followed a 307 and sent the whole prompt again to the address it named (another
 * port). A redirect is not followed: it is a non-retryable error of the endpoint's configuration naming the status and
 * the Location. Two MockWebServers (test doubles): the one the redirect names must receive nothing.
 */
class OpenAiRedirectTest {
    @Test
    void aRedirectIsNotFollowedAndIsAConfigurationErrorNamingStatusAndLocation() throws Exception {
        try (MockWebServer endpoint = new MockWebServer(); MockWebServer elsewhere = new MockWebServer()) {
            elsewhere.enqueue(new MockResponse().setHeader("Content-Type", "application/json")
                    .setBody("{\"choices\":[{\"text\":\"[]\",\"finish_reason\":\"stop\"}]}"));
            String location = elsewhere.url("/v1/completions").toString();
            endpoint.enqueue(new MockResponse().setResponseCode(307).setHeader("Location", location));
            OpenAiClient client = new OpenAiClient(endpoint.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5));
            ModelRequest request = new ModelRequest("m", RenderedPrompt.raw("the whole prompt"), new DecodingSettings(8, 0.0, List.of(), null), "s1");

            ModelCallException e = catchThrowableOfType(() -> client.complete(request), ModelCallException.class);

            assertThat(e).isNotNull();
            assertThat(e.kind()).isEqualTo(ErrorKind.CONFIGURATION);
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("HTTP 307", "redirect", location);
            assertThat(elsewhere.getRequestCount()).isZero();
            assertThat(endpoint.getRequestCount()).isEqualTo(1);
        }
    }

    @Test
    void aRedirectToHttpsIsNotFollowedEither() throws Exception {
        try (MockWebServer endpoint = new MockWebServer()) {
            endpoint.enqueue(new MockResponse().setResponseCode(301).setHeader("Location", "https://127.0.0.1:1/v1/completions"));
            OpenAiClient client = new OpenAiClient(endpoint.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5));
            ModelRequest request = new ModelRequest("m", RenderedPrompt.raw("p"), new DecodingSettings(8, 0.0, List.of(), null), "s1");

            ModelCallException e = catchThrowableOfType(() -> client.complete(request), ModelCallException.class);

            assertThat(e.kind()).isEqualTo(ErrorKind.CONFIGURATION);
            assertThat(e.getMessage()).contains("HTTP 301", "https://127.0.0.1:1/v1/completions");
        }
    }
}
