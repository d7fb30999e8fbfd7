package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.cache.CacheKey;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A profile's {@code frequency_penalty} reaches the request body of the benchmark's calls (completions and chat,
 * campaign trials too) and their cache key; without it nothing is sent. TEST DOUBLE: MockWebServer.
 */
class FrequencyPenaltyRequestTest {
    private static ModelProfile profile(String api, String penaltyLine) {
        return ProfileCatalog.parse("""
                name: p
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                api: %s
                max_tokens: 16
                %s
                """.formatted(api, penaltyLine), "p.yaml");
    }

    private static JsonNode sentBody(ModelRequest request, String answer) throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setBody(answer));
            server.start();
            OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5));
            client.complete(request);
            client.close();
            return Json.MAPPER.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
        }
    }

    @Test
    void theProfilesPenaltyIsSentOnCompletionsAndChat() throws Exception {
        ModelProfile completions = profile("completions", "frequency_penalty: 0.5");
        JsonNode raw = sentBody(ModelRequests.trialRequest(completions, RenderedPrompt.raw("prompt"), "s", null, 0, 1, 42L, null),
                "{\"choices\":[{\"text\":\"[]\",\"finish_reason\":\"stop\"}]}");
        assertThat(raw.path("frequency_penalty").isNumber()).as(raw.toString()).isTrue();
        assertThat(raw.path("frequency_penalty").asDouble()).isEqualTo(0.5);

        ModelProfile chat = profile("chat", "frequency_penalty: 1.25");
        JsonNode messages = sentBody(ModelRequests.request(chat, RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()), "s", null),
                "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}");
        assertThat(messages.path("frequency_penalty").asDouble()).isEqualTo(1.25);
    }

    @Test
    void withoutThePenaltyNothingIsSentAndTheCacheKeyIsUnchanged() throws Exception {
        ModelProfile none = profile("completions", "");
        ModelRequest plain = ModelRequests.request(none, RenderedPrompt.raw("prompt"), "s", null);
        JsonNode body = sentBody(plain, "{\"choices\":[{\"text\":\"[]\",\"finish_reason\":\"stop\"}]}");
        assertThat(body.has("frequency_penalty")).as(body.toString()).isFalse();
        ModelRequest penalised = ModelRequests.request(profile("completions", "frequency_penalty: 0.5"), RenderedPrompt.raw("prompt"), "s", null);
        assertThat(CacheKey.of("http://e/v1", penalised)).as("the penalty is part of the request's identity")
                .isNotEqualTo(CacheKey.of("http://e/v1", plain));
        // a key written before the setting existed (4-argument settings, no penalty) still matches a profile without it
        ModelRequest older = new ModelRequest("m", RenderedPrompt.raw("prompt"), new DecodingSettings(16, 0.0, List.of(), null), "s");
        assertThat(CacheKey.of("http://e/v1", older)).isEqualTo(CacheKey.of("http://e/v1", plain));
    }

    @Test
    void aPenaltyOutsideTheOpenAiRangeIsRejectedNamingTheFile() {
        assertThatThrownBy(() -> profile("completions", "frequency_penalty: 3"))
                .hasMessageContaining("p.yaml").hasMessageContaining("'frequency_penalty' must be between -2 and 2, got 3.0");
    }
}
