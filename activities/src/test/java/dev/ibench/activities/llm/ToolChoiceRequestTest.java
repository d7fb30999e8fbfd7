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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A profile's {@code tool_choice} (docs/model-profiles.md): sent as OpenAI's {@code tool_choice} with native tools
 * ({@code auto} when not said), part of the cache key only when it is not {@code auto}, and refused where no native
 * tools are sent. TEST DOUBLE: MockWebServer.
 */
class ToolChoiceRequestTest {
    private static final RenderedPrompt WITH_TOOLS = RenderedPrompt.chat(List.of(ChatMessage.user("How tall is Batman?")),
            List.of(Map.of("type", "function", "function", Map.of("name", "get_height", "parameters", Map.of("type", "object")))));

    private static ModelProfile profile(String yamlTail) {
        return ProfileCatalog.parse("""
                name: p
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: gpt-4o
                max_tokens: 64
                %s
                """.formatted(yamlTail), "p.yaml");
    }

    private static JsonNode sentBody(ModelRequest request) throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setBody("{\"choices\":[{\"message\":{\"content\":\"ok\"}}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}"));
            server.start();
            try (OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5))) {
                client.complete(request);
            }
            return Json.MAPPER.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
        }
    }

    @Test
    void theProfilesToolChoiceIsSentWithTheToolsOfEveryKindOfRequest() throws Exception {
        ModelProfile required = profile("mode: tools\ntool_choice: required");
        assertThat(sentBody(ModelGateway.request(required, WITH_TOOLS, "s", null)).path("tool_choice").asText()).isEqualTo("required");
        JsonNode step = sentBody(ModelGateway.stepRequest(required, WITH_TOOLS, List.of(), "s", 0, 1L, null));
        assertThat(step.path("tool_choice").asText()).as("agent steps (react native, multi-turn) too").isEqualTo("required");
        assertThat(sentBody(ModelGateway.request(profile("mode: tools"), WITH_TOOLS, "s", null)).path("tool_choice").asText())
                .as("not said: auto, as before").isEqualTo("auto");
        JsonNode noTools = sentBody(ModelGateway.request(required, RenderedPrompt.chat(List.of(ChatMessage.user("hi")), List.of()), "s", null));
        assertThat(noTools.has("tool_choice")).as("no tools, no tool_choice: %s", noTools).isFalse();
    }

    @Test
    void onlyARequiredChoiceKeysTheCacheApart() {
        ModelRequest unsaid = ModelGateway.request(profile("mode: tools"), WITH_TOOLS, "s", null);
        ModelRequest auto = ModelGateway.request(profile("mode: tools\ntool_choice: auto"), WITH_TOOLS, "s", null);
        ModelRequest required = ModelGateway.request(profile("mode: tools\ntool_choice: required"), WITH_TOOLS, "s", null);
        assertThat(CacheKey.of("e", auto)).as("auto is what was always sent").isEqualTo(CacheKey.of("e", unsaid));
        assertThat(CacheKey.of("e", required)).isNotEqualTo(CacheKey.of("e", unsaid));
    }

    @Test
    void aToolChoiceWhereNoNativeToolsAreSentOrAnUnknownOneIsRefused() {
        assertThatThrownBy(() -> profile("mode: tools\ntool_choice: none"))
                .hasMessageContaining("p.yaml").hasMessageContaining("'tool_choice' must be one of").hasMessageContaining("got none");
        assertThatThrownBy(() -> profile("mode: prompt\napi: completions\ntool_choice: required"))
                .hasMessageContaining("'tool_choice' only acts on native tools, sent by provider openai with api chat");
        assertThatThrownBy(() -> ProfileCatalog.parse("name: g\nprovider: gguf\nmodel_file: x.gguf\nfamily: qwen2.5\napi: chat\ntool_choice: required\n", "g.yaml"))
                .hasMessageContaining("g.yaml").hasMessageContaining("not provider gguf");
        assertThat(profile("mode: tools").toolChoice()).as("not written when not said").isNull();
    }
}
