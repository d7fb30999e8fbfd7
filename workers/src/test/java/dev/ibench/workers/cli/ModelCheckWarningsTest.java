package dev.ibench.workers.cli;

import dev.ibench.workers.modelcheck.ModelCheckWarnings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelCheckWarningsTest {
    private static final ModelProfile PROFILE = ProfileCatalog.parse(
            "name: p\nprovider: openai\nbase_url: http://127.0.0.1:1/v1\nmodel: m\nfamily: gpt-4o\nmode: tools\napi: chat\n", "test");
    private static final List<Map<String, Object>> TOOLS = List.of(Map.of("type", "function", "function", Map.of("name", "get_height")));

    private static CallResult answer(String text, List<ToolCall> calls) {
        return new CallResult(new ModelResponse(text, calls, "stop", 1, 1, 1L), false, 1, null, "k");
    }

    private static ModelRequest request(String schema, List<Map<String, Object>> tools) {
        return new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("q")), tools), new DecodingSettings(8, 0, List.of(), schema), "s");
    }

    @Test
    void proseUnderAJsonConstraintIsReported() {
        ModelRequest constrained = request("{}", List.of());
        assertThat(ModelCheckWarnings.of(PROFILE, constrained, constrained.prompt(), answer("Batman is tall.", List.of())))
                .singleElement().asString().contains("not JSON");
        assertThat(ModelCheckWarnings.of(PROFILE, constrained, constrained.prompt(), answer("[{\"name\": \"x\"}]", List.of()))).isEmpty();
    }

    @Test
    void nativeToolsThatLeaveNoTraceAreReported() {
        ModelRequest withTools = request(null, TOOLS);
        assertThat(ModelCheckWarnings.of(PROFILE, withTools, withTools.prompt(), answer("I am a helpful assistant.", List.of())))
                .singleElement().asString().contains("drop tools");
        assertThat(ModelCheckWarnings.of(PROFILE, withTools, withTools.prompt(),
                answer("", List.of(new ToolCall("get_height", Map.of(), null))))).isEmpty();
        assertThat(ModelCheckWarnings.of(PROFILE, withTools, withTools.prompt(), answer("I would call get_height here", List.of()))).isEmpty();
    }
}
