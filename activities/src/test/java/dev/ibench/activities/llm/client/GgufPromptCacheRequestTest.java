package dev.ibench.activities.llm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.client.GgufClient;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gguf profile's {@code prompt_cache} reaches the llama.cpp request as {@code cache_prompt} (true when set, false by
 * default, as before the setting existed); another provider refuses the setting by name. The model is never loaded: the
 * client only checks that its file exists before a call, and the request is built without it.
 */
class GgufPromptCacheRequestTest {
    @TempDir
    Path models;

    private static ModelProfile profile(String provider, String extra) {
        return ProfileCatalog.parse("""
                name: p
                provider: %s
                base_url: http://127.0.0.1:9/v1
                model: m
                model_file: tiny.gguf
                family: qwen2.5
                max_tokens: 16
                %s
                """.formatted(provider, extra), "p.yaml");
    }

    private JsonNode sentParameters(ModelProfile profile) throws Exception {
        Files.writeString(models.resolve("tiny.gguf"), "not loaded");
        GgufClient client = (GgufClient) ModelClients.create(profile,
                name -> ModelClients.MODEL_DIR_ENV.equals(name) ? models.toString() : null, List.of());
        ModelRequest request = ModelRequests.request(profile, RenderedPrompt.raw("a prompt"), "s", null);
        return Json.MAPPER.readTree(client.parameters("a prompt", request).toString());
    }

    @Test
    void promptCacheTrueIsSentAsCachePrompt() throws Exception {
        JsonNode sent = sentParameters(profile("gguf", "prompt_cache: true"));
        assertThat(sent.path("cache_prompt").isBoolean()).as(sent.toString()).isTrue();
        assertThat(sent.path("cache_prompt").asBoolean()).isTrue();
        assertThat(sent.path("n_predict").asInt()).isEqualTo(16);
    }

    @Test
    void withoutTheSettingTheCacheIsOffAsBefore() throws Exception {
        assertThat(profile("gguf", "").promptCache()).isFalse();
        JsonNode sent = sentParameters(profile("gguf", ""));
        assertThat(sent.path("cache_prompt").isBoolean()).as(sent.toString()).isTrue();
        assertThat(sent.path("cache_prompt").asBoolean()).isFalse();
        assertThat(sentParameters(profile("gguf", "prompt_cache: false")).path("cache_prompt").asBoolean()).isFalse();
    }

    @Test
    void anotherProviderRefusesTheSettingByName() {
        assertThatThrownBy(() -> profile("openai", "prompt_cache: true"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("model profile p.yaml")
                .hasMessageContaining("'prompt_cache' only acts on provider gguf, not openai");
    }
}
