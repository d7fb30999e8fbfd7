package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.CacheKey;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.RequestSettings;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * Reasoning servers (issue 31): reasoning returned apart and its tokens are read; each server kind gets its own
 * request settings (token-limit field, temperature, reasoning effort) and they key the cache; a profile's
 * {@code tool_choice} goes with native tools ({@code auto} when not said) and is refused where none are sent, as is
 * {@code parallel_tool_calls} (not sent when not said); a 400 naming a parameter
 * the server does not take stops the endpoint naming the profile and the parameter. TEST DOUBLE: MockWebServer.
 */
class ReasoningServerRequestTest {
    private static final String REASONING_ANSWER = """
            {"choices":[{"message":{"role":"assistant","content":null,
              "reasoning_content":"The user wants Batman's height. <tool_call>{\\"name\\": \\"drop\\"}</tool_call> no.",
              "tool_calls":[{"id":"c1","type":"function","function":{"name":"get_height","arguments":"{\\"name\\": \\"Batman\\"}"}}]},
              "finish_reason":"tool_calls"}],
             "usage":{"prompt_tokens":100,"completion_tokens":250,"completion_tokens_details":{"reasoning_tokens":200}}}""";

    private static ModelProfile profile(String yamlTail) {
        return ProfileCatalog.parse("""
                name: p
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                max_tokens: 64
                %s
                """.formatted(yamlTail), "p.yaml");
    }

    private static final RenderedPrompt CHAT = RenderedPrompt.chat(List.of(ChatMessage.user("How tall is Batman?")), List.of());

    private static JsonNode sentBody(ModelRequest request) throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setBody(REASONING_ANSWER));
            server.start();
            try (OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5))) {
                client.complete(request);
            }
            return Json.MAPPER.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
        }
    }

    @Test
    void reasoningContentAndReasoningTokensAreReadApartFromTheCalls() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setBody(REASONING_ANSWER));
            server.enqueue(new MockResponse().setBody("{\"choices\":[{\"message\":{\"content\":\"[]\",\"reasoning\":\"short\"}}],"
                    + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}"));
            server.start();
            try (OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5))) {
                ModelRequest request = ModelRequests.request(profile("family: qwen3\nmode: tools"), CHAT, "s", null);
                ModelResponse r = client.complete(request);
                assertThat(r.reasoning()).startsWith("The user wants Batman's height.");
                assertThat(r.reasoningTokens()).isEqualTo(200);
                assertThat(r.completionTokens()).as("reasoning tokens are inside completion_tokens").isEqualTo(250);
                assertThat(r.toolCalls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
                assertThat(r.text()).isEmpty();
                ModelResponse other = client.complete(request);
                assertThat(other.reasoning()).as("the 'reasoning' field of OpenRouter and newer vLLM").isEqualTo("short");
                assertThat(other.reasoningTokens()).isZero();
            }
        }
    }

    @Test
    void eachServerKindGetsItsOwnRequestSettings() throws Exception {
        JsonNode openAi = sentBody(ModelRequests.request(profile("""
                family: gpt-4o
                mode: tools
                server: openai
                token_limit_parameter: max_completion_tokens
                send_temperature: false
                reasoning_effort: high"""), CHAT, "s", null));
        assertThat(openAi.path("max_completion_tokens").asInt()).isEqualTo(64);
        assertThat(openAi.has("max_tokens")).isFalse();
        assertThat(openAi.has("temperature")).isFalse();
        assertThat(openAi.path("reasoning_effort").asText()).isEqualTo("high");
        assertThat(openAi.has("chat_template_kwargs")).isFalse();

        JsonNode qwenOff = sentBody(ModelRequests.request(profile("family: qwen3\nmode: tools\nserver: vllm\nreasoning_effort: 'off'"),
                CHAT, "s", null));
        assertThat(qwenOff.path("chat_template_kwargs").path("enable_thinking").isBoolean()).as(qwenOff.toString()).isTrue();
        assertThat(qwenOff.path("chat_template_kwargs").path("enable_thinking").asBoolean()).isFalse();
        assertThat(qwenOff.has("reasoning_effort")).isFalse();
        assertThat(qwenOff.path("max_tokens").asInt()).isEqualTo(64);
        assertThat(qwenOff.has("temperature")).isTrue();
        JsonNode qwenOn = sentBody(ModelRequests.request(profile("family: qwen3\nmode: tools\nserver: llama.cpp\nreasoning_effort: low"),
                CHAT, "s", null));
        assertThat(qwenOn.path("chat_template_kwargs").path("enable_thinking").asBoolean()).isTrue();

        ModelProfile harmony = profile("family: gpt-oss\nmode: prompt\napi: completions\nserver: vllm\nreasoning_effort: low");
        RenderedPrompt prompt = PromptRenderer.render(harmony, PromptStyle.REST, sample());
        assertThat(prompt.text()).contains("Reasoning: low\n").endsWith("<|start|>assistant").doesNotContain("{REASONING");
        JsonNode raw = sentBody(ModelRequests.request(harmony, prompt, "s", null));
        assertThat(raw.path("skip_special_tokens").isBoolean()).as("harmony is read by its special tokens").isTrue();
        assertThat(raw.path("skip_special_tokens").asBoolean()).isFalse();
        assertThat(raw.has("reasoning_effort")).as("the prompt carries it").isFalse();

        ModelProfile qwenPromptOff = profile("family: qwen3\nmode: prompt\napi: completions\nreasoning_effort: 'off'");
        assertThat(PromptRenderer.render(qwenPromptOff, PromptStyle.REST, sample()).text()).endsWith("<|im_start|>assistant\n<think>\n\n</think>\n\n");
        assertThat(PromptRenderer.render(profile("family: qwen3\nmode: prompt\napi: completions"), PromptStyle.REST, sample()).text())
                .endsWith("<|im_start|>assistant\n");
        assertThat(PromptRenderer.render(profile("family: deepseek-r1\nmode: prompt\napi: completions\nreasoning_effort: 'off'"),
                PromptStyle.SLOT, sample()).text()).endsWith("<｜Assistant｜><think>\n</think>");
        assertThat(RequestSettings.line(harmony)).contains("token_limit max_tokens=64").contains("harmony 'Reasoning: low' line");
    }

    @Test
    void reasoningEffortKeysTheCacheAndDefaultsLeaveOldKeysUnchanged() {
        ModelRequest plain = ModelRequests.request(profile("family: qwen3\nmode: tools\nserver: vllm"), CHAT, "s", null);
        ModelRequest on = ModelRequests.request(profile("family: qwen3\nmode: tools\nserver: vllm\nreasoning_effort: high"), CHAT, "s", null);
        ModelRequest off = ModelRequests.request(profile("family: qwen3\nmode: tools\nserver: vllm\nreasoning_effort: 'off'"), CHAT, "s", null);
        assertThat(List.of(CacheKey.of("e", plain), CacheKey.of("e", on), CacheKey.of("e", off))).doesNotHaveDuplicates();
        ModelRequest older = new ModelRequest("m", CHAT, new DecodingSettings(64, 0.0, List.of(), null), "s");
        assertThat(CacheKey.of("e", older)).isEqualTo(CacheKey.of("e", plain));
    }

    @Test
    void settingsNoServerCanCarryAreRejectedWhenTheProfileIsRead() {
        assertThatThrownBy(() -> profile("family: gpt-oss\nmode: prompt\napi: completions\nreasoning_effort: 'off'"))
                .hasMessageContaining("p.yaml").hasMessageContaining("gpt-oss (harmony) cannot turn reasoning off");
        assertThatThrownBy(() -> profile("family: gpt-4o\nmode: tools\nserver: openai\nreasoning_effort: 'off'"))
                .hasMessageContaining("'reasoning_effort' off cannot be sent as OpenAI's reasoning_effort");
        assertThatThrownBy(() -> profile("family: llama3\nmode: prompt\napi: completions\nreasoning_effort: high"))
                .hasMessageContaining("family llama3 cannot carry it");
        assertThatThrownBy(() -> profile("family: qwen3\nreasoning_effort: max"))
                .hasMessageContaining("'reasoning_effort' must be one of [low, medium, high, off], got max");
        assertThatThrownBy(() -> profile("family: qwen3\ntoken_limit_parameter: max_new_tokens"))
                .hasMessageContaining("'token_limit_parameter' must be one of");
        assertThatThrownBy(() -> ProfileCatalog.parse("name: g\nprovider: gguf\nmodel_file: x.gguf\nfamily: qwen3\nsend_temperature: false\n", "g.yaml"))
                .hasMessageContaining("g.yaml").hasMessageContaining("only act on provider openai, not gguf");
    }

    @Test
    void aBadRequestNamingAnUnsupportedParameterStopsTheEndpointNamingProfileAndParameter() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setResponseCode(400).setBody("""
                    {"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
                     "type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}"""));
            server.start();
            ModelProfile p = profile("family: gpt-4o\nmode: tools").withBaseUrl(server.url("/v1").toString());
            List<SpendEntry> ledger = new ArrayList<>();
            try (ModelGateway gateway = new ModelGateway(p, new OpenAiClient(p.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)), null,
                    new EndpointLimiters(), RetryPolicy.defaults(6), ledger::add, SpendAccount.outsideCampaigns("p"))) {
                assertThatThrownBy(() -> gateway.call(ModelRequests.request(p, CHAT, "s", null)))
                        .isInstanceOfSatisfying(ModelCallException.class, e -> {
                            assertThat(e.kind()).isEqualTo(ErrorKind.UNSUPPORTED_PARAMETER);
                            assertThat(e.getMessage()).contains("model profile p: configuration error, the server refuses parameter 'max_tokens'")
                                    .contains("set token_limit_parameter: max_completion_tokens");
                            ApplicationFailure f = ModelCallFailures.forActivity(e);
                            assertThat(f.getType()).as("the cell stops; no item is rejected").isEqualTo(ModelCallFailures.ENDPOINT_REJECTED);
                        });
            }
            assertThat(server.getRequestCount()).as("not retried").isEqualTo(1);
            assertThat(ledger).singleElement().extracting(SpendEntry::errorKind).isEqualTo("UNSUPPORTED_PARAMETER");
        }
    }

    private static EvalSample sample() {
        return new EvalSample("s1", "test", "How tall is Batman?", null, null, List.of(), null,
                List.of(Map.of("name", "get_height", "description", "d", "arguments", Map.of())), null);
    }

    /** A chat prompt with one native tool, for the profile's {@code tool_choice} (docs/model-profiles.md). */
    private static final RenderedPrompt WITH_TOOLS = RenderedPrompt.chat(List.of(ChatMessage.user("How tall is Batman?")),
            List.of(Map.of("type", "function", "function", Map.of("name", "get_height", "parameters", Map.of("type", "object")))));

    @Test
    void theProfilesToolChoiceIsSentWithTheToolsOfEveryKindOfRequest() throws Exception {
        ModelProfile required = profile("family: gpt-4o\nmode: tools\ntool_choice: required");
        assertThat(sentBody(ModelRequests.request(required, WITH_TOOLS, "s", null)).path("tool_choice").asText()).isEqualTo("required");
        JsonNode step = sentBody(ModelRequests.stepRequest(required, WITH_TOOLS, List.of(), "s", 0, 1L, null));
        assertThat(step.path("tool_choice").asText()).as("agent steps (react native, multi-turn) too").isEqualTo("required");
        assertThat(sentBody(ModelRequests.request(profile("family: gpt-4o\nmode: tools"), WITH_TOOLS, "s", null)).path("tool_choice").asText())
                .as("not said: auto, as before").isEqualTo("auto");
        JsonNode noTools = sentBody(ModelRequests.request(required, RenderedPrompt.chat(List.of(ChatMessage.user("hi")), List.of()), "s", null));
        assertThat(noTools.has("tool_choice")).as("no tools, no tool_choice: %s", noTools).isFalse();
    }

    @Test
    void onlyARequiredChoiceKeysTheCacheApart() {
        ModelRequest unsaid = ModelRequests.request(profile("family: gpt-4o\nmode: tools"), WITH_TOOLS, "s", null);
        ModelRequest auto = ModelRequests.request(profile("family: gpt-4o\nmode: tools\ntool_choice: auto"), WITH_TOOLS, "s", null);
        ModelRequest required = ModelRequests.request(profile("family: gpt-4o\nmode: tools\ntool_choice: required"), WITH_TOOLS, "s", null);
        assertThat(CacheKey.of("e", auto)).as("auto is what was always sent").isEqualTo(CacheKey.of("e", unsaid));
        assertThat(CacheKey.of("e", required)).isNotEqualTo(CacheKey.of("e", unsaid));
    }

    @Test
    void aToolChoiceWhereNoNativeToolsAreSentOrAnUnknownOneIsRefused() {
        assertThatThrownBy(() -> profile("family: gpt-4o\nmode: tools\ntool_choice: none"))
                .hasMessageContaining("p.yaml").hasMessageContaining("'tool_choice' must be one of").hasMessageContaining("got none");
        assertThatThrownBy(() -> profile("family: gpt-4o\nmode: prompt\napi: completions\ntool_choice: required"))
                .hasMessageContaining("'tool_choice' only acts on native tools, sent by provider openai with api chat");
        assertThatThrownBy(() -> ProfileCatalog.parse("name: g\nprovider: gguf\nmodel_file: x.gguf\nfamily: qwen2.5\napi: chat\ntool_choice: required\n", "g.yaml"))
                .hasMessageContaining("g.yaml").hasMessageContaining("not provider gguf");
        assertThat(profile("family: gpt-4o\nmode: tools").toolChoice()).as("not written when not said").isNull();
    }

    @Test
    void parallelToolCallsIsSentWithTheToolsOnlyWhenTheProfileSaysIt() throws Exception {
        ModelProfile single = profile("family: gpt-4o\nmode: tools\ntool_choice: required\nparallel_tool_calls: false");
        JsonNode step = sentBody(ModelRequests.stepRequest(single, WITH_TOOLS, List.of(), "s", 0, 1L, null));
        assertThat(step.path("parallel_tool_calls").isBoolean()).as("sent as a JSON boolean: %s", step).isTrue();
        assertThat(step.path("parallel_tool_calls").asBoolean()).isFalse();
        JsonNode unsaid = sentBody(ModelRequests.request(profile("family: gpt-4o\nmode: tools"), WITH_TOOLS, "s", null));
        assertThat(unsaid.has("parallel_tool_calls")).as("not said, not sent (the server's default): %s", unsaid).isFalse();
        JsonNode noTools = sentBody(ModelRequests.request(single, RenderedPrompt.chat(List.of(ChatMessage.user("hi")), List.of()), "s", null));
        assertThat(noTools.has("parallel_tool_calls")).as("no tools, no parallel_tool_calls: %s", noTools).isFalse();
        assertThat(CacheKey.of("e", ModelRequests.request(single, WITH_TOOLS, "s", null)))
                .isNotEqualTo(CacheKey.of("e", ModelRequests.request(profile("family: gpt-4o\nmode: tools\ntool_choice: required"), WITH_TOOLS, "s", null)));
        assertThatThrownBy(() -> profile("family: gpt-4o\nmode: prompt\napi: completions\nparallel_tool_calls: false"))
                .hasMessageContaining("p.yaml").hasMessageContaining("'parallel_tool_calls' only acts on native tools");
        assertThat(profile("family: gpt-4o\nmode: tools").parallelToolCalls()).as("not written when not said").isNull();
    }
}
