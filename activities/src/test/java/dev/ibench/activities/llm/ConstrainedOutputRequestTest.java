package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * How constrained output is asked for per endpoint: {@code response_format} everywhere, and on {@code /v1/completions}
 * also {@code json_schema}, which is the only form llama.cpp's server reads there. TEST DOUBLE: MockWebServer.
 */
class ConstrainedOutputRequestTest {
    private static final String SCHEMA = "{\"type\":\"array\",\"items\":{\"type\":\"object\"}}";

    private static JsonNode sentBody(RenderedPrompt prompt, String answer) throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setBody(answer));
            server.start();
            OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5));
            client.complete(new ModelRequest("m", prompt, new DecodingSettings(16, 0, List.of(), SCHEMA), "s"));
            client.close();
            return Json.MAPPER.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
        }
    }

    @Test
    void completionsCarryTheSchemaAsJsonSchemaToo() throws Exception {
        JsonNode body = sentBody(RenderedPrompt.raw("prompt"), "{\"choices\":[{\"text\":\"[]\",\"finish_reason\":\"stop\"}]}");
        assertThat(body.get("json_schema")).isEqualTo(Json.MAPPER.readTree(SCHEMA));
        assertThat(body.at("/response_format/json_schema/schema")).isEqualTo(Json.MAPPER.readTree(SCHEMA));
    }

    @Test
    void chatCarriesResponseFormatOnly() throws Exception {
        JsonNode body = sentBody(RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()),
                "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"[]\"},\"finish_reason\":\"stop\"}]}");
        assertThat(body.has("json_schema")).isFalse();
        assertThat(body.at("/response_format/type").asText()).isEqualTo("json_schema");
    }
}
