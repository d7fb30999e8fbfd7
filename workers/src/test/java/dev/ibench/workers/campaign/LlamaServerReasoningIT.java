package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.EndpointLimiters;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.OpenAiClient;
import dev.ibench.activities.llm.RetryPolicy;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.testing.LlamaServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * llama.cpp's llama-server parsing tool calls and reasoning itself (issue 31, item 5), on SmolLM2 (a real model, far
 * too small to answer well: the test is about the request and the handling of whatever comes back). With {@code --jinja}
 * and SmolLM2's own template, ibench's native-tools request is accepted and its answer parsed and scored; with
 * {@code --jinja --reasoning-format deepseek --chat-template-file} Qwen3's template (llama.cpp's copy), ibench's request
 * with tools and {@code chat_template_kwargs.enable_thinking} is accepted and whatever the server returns (content,
 * tool_calls, reasoning_content) is separated and scored without an error.
 */
class LlamaServerReasoningIT {
    private static final String MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf";
    @TempDir Path dir;

    @Test
    void jinjaWithTheModelsOwnTemplateTakesNativeTools() throws Exception {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        assertThat(answerAndScore(profile, List.of("--jinja"))).isNotNull();
    }

    @Test
    void qwen3TemplateWithReasoningFormatTakesIbenchsRequests() throws Exception {
        Path template = dir.resolve("Qwen-Qwen3-0.6B.jinja");
        Files.copy(Objects.requireNonNull(getClass().getResourceAsStream("/llama-cpp-templates/Qwen-Qwen3-0.6B.jinja")), template);
        ModelProfile profile = ProfileCatalog.load(null).resolve("llama-cpp-qwen3");
        assertThat(profile.reasoningEffort()).isEqualTo("high");
        assertThat(answerAndScore(profile, List.of("--jinja", "--reasoning-format", "deepseek", "--chat-template-file", template.toString())))
                .isNotNull();
        ModelProfile off = profile.withReasoningEffort("off").validated("llama-cpp-qwen3 with reasoning off");
        assertThat(answerAndScore(off, List.of("--jinja", "--reasoning-format", "deepseek", "--chat-template-file", template.toString())))
                .isNotNull();
    }

    /** One sample through a fresh server with {@code serverArgs}: the call succeeds and its answer scores without an error. */
    private SampleScore answerAndScore(ModelProfile base, List<String> serverArgs) throws Exception {
        Path model = IbenchHome.resolve().root().resolve(".tools/models").resolve(MODEL_FILE);
        assertThat(model).as("the SmolLM2 GGUF (run deploy/local/install-tools.sh)").isRegularFile();
        EvalSample sample;
        try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream("icl/" + IclExamples.SLOT_FILE)) {
            sample = Json.MAPPER.treeToValue(Json.MAPPER.readTree(in).get("data").get(0), EvalSample.class);
        }
        try (LlamaServerProcess llama = LlamaServerProcess.start(model, 8192, dir, serverArgs)) {
            ModelProfile profile = base.withBaseUrl(llama.baseUrl()).withDecoding(48, 0.0);
            RenderedPrompt prompt = PromptRenderer.render(profile, PromptStyle.REST, sample);
            assertThat(prompt.tools()).as("native tools").isNotEmpty();
            try (ModelGateway gateway = new ModelGateway(profile, new OpenAiClient(profile.baseUrl(), ApiKey.none(), Duration.ofMinutes(3)),
                    null, new EndpointLimiters(), RetryPolicy.defaults(2))) {
                CallResult result = gateway.call(ModelGateway.request(profile, prompt, sample.sampleId(), sample.tools()));
                String raw = result.response().toolCalls().isEmpty() ? result.response().text()
                        : Json.MAPPER.writeValueAsString(result.response().toolCalls());
                SampleScore score = new SampleScorer(ParserChains.forProfile(profile.parser()), null)
                        .score(sample, raw, result.response().reasoning());
                System.out.printf("LlamaServerReasoningIT %s %s: %d tool calls, %d chars of text, %s reasoning apart, %d inline; parse %s%n",
                        profile.name(), serverArgs, result.response().toolCalls().size(), result.response().text().length(),
                        result.response().reasoning() == null ? "no" : result.response().reasoning().length() + " chars of",
                        ReasoningSeparator.split(result.response().text()).reasoning().length(), score.parsed().status());
                return score;
            }
        }
    }
}
