package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance 2: real SmolLM2-135M-Instruct in-process through java-llama.cpp. Fails (does not skip) without the model file. */
class GgufSmolLm2IT {
    @TempDir Path tmp;

    private static final Map<String, String> ENV = Map.of(ModelClients.MODEL_DIR_ENV, TestModelFile.dir().toString());

    @Test
    void chatRequestReturnsNonEmptyTextWithinSixtySeconds() {
        TestModelFile.require();
        ModelProfile profile = ProfileCatalog.load(null).resolve("smollm2-chat");
        long start = System.nanoTime();
        try (ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, ENV::get, List.of()), null, new EndpointLimiters(), RetryPolicy.none())) {
            CallResult r = gateway.call(ModelRequests.request(profile, RenderedPrompt.chat(List.of(
                    ChatMessage.system("You are a helpful assistant."), ChatMessage.user("What is the capital of France? Answer in one word.")), List.of()),
                    "chat-1", null));
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[measure] smollm2 chat (incl. model load): %d ms, prompt %d tokens, completion %d tokens, generation %d ms, text=%s%n",
                    ms, r.response().promptTokens(), r.response().completionTokens(), r.response().latencyMillis(), r.response().text().strip());
            assertThat(r.response().text()).isNotBlank();
            assertThat(r.response().promptTokens()).as("chat template applied, prompt not empty").isGreaterThan(10);
            assertThat(ms).isLessThan(60_000);
        }
    }

    @Test
    void qwenSlotPromptForARealSampleIsAcceptedAndCached() throws Exception {
        TestModelFile.require();
        JsonNode data = Json.MAPPER.readTree(IclExamplesResource.slotFile()).get("data");
        EvalSample sample = Json.MAPPER.treeToValue(data.get(2), EvalSample.class); // "List the movie titles directed by Jack Kinney."
        ModelProfile profile = ProfileCatalog.load(null).resolve("smollm2");
        assertThat(profile.family()).isEqualTo("qwen2.5");
        RenderedPrompt prompt = new PromptRenderer(profile, IclExamples.bundled(PromptStyle.SLOT)).render(PromptStyle.SLOT, sample);
        assertThat(prompt.isRaw()).isTrue();
        assertThat(prompt.text()).startsWith("<|im_start|>system\nYou are Qwen");
        try (ResponseCache cache = new ResponseCache(tmp.resolve("results.db"));
             ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, ENV::get, List.of()), cache, new EndpointLimiters(), RetryPolicy.none())) {
            ModelRequest request = ModelRequests.request(profile, prompt, sample.sampleId(), sample.tools());
            CallResult first = gateway.call(request);
            System.out.printf("[measure] smollm2 SLOT/qwen2.5 prompt: prompt %d tokens, completion %d tokens, %d ms, finish=%s%n---%n%s%n---%n",
                    first.response().promptTokens(), first.response().completionTokens(), first.response().latencyMillis(),
                    first.response().finishReason(), first.response().text());
            assertThat(first.response().promptTokens()).isGreaterThan(1000);
            assertThat(first.response().completionTokens()).isPositive();
            assertThat(first.response().text()).isNotBlank();
            CallResult second = gateway.call(request);
            assertThat(second.cacheHit()).isTrue();
            assertThat(second.response().text()).isEqualTo(first.response().text());
        }
    }

    @Test
    void toolCallSchemaConstrainsOutputToAJsonCallList() throws Exception {
        TestModelFile.require();
        JsonNode data = Json.MAPPER.readTree(IclExamplesResource.slotFile()).get("data");
        EvalSample sample = Json.MAPPER.treeToValue(data.get(0), EvalSample.class);
        ModelProfile base = ProfileCatalog.load(null).resolve("smollm2");
        Path yaml = tmp.resolve("constrained.yaml");
        Files.writeString(yaml, """
                name: smollm2-constrained
                provider: gguf
                model_file: %s
                family: qwen2.5
                max_tokens: 400
                stop: ["<|im_end|>"]
                icl: {count: 1, format: compact}
                constrained_output: tool_calls
                """.formatted(base.modelFile()));
        ModelProfile profile = ProfileCatalog.readFile(yaml);
        RenderedPrompt prompt = new PromptRenderer(profile, IclExamples.bundled(PromptStyle.SLOT)).render(PromptStyle.SLOT, sample);
        try (ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, ENV::get, List.of()), null, new EndpointLimiters(), RetryPolicy.none())) {
            CallResult r = gateway.call(ModelRequests.request(profile, prompt, sample.sampleId(), sample.tools()));
            System.out.printf("[measure] smollm2 grammar-constrained: %d tokens, %d ms: %s%n", r.response().completionTokens(),
                    r.response().latencyMillis(), r.response().text().strip());
            assertThat(r.response().text().strip()).startsWith("[");
            if (!"length".equals(r.response().finishReason())) {
                JsonNode calls = Json.MAPPER.readTree(r.response().text());
                assertThat(calls.isArray()).isTrue();
                for (JsonNode call : calls) {
                    assertThat(List.of("sort_data", "transform_data", "filter_data", "retrieve_data", "aggregate_data",
                            "group_data_by", "select_unique_values")).contains(call.get("name").asText());
                }
            }
        }
    }
}
