package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IgnoredRequestPartsTest {
    private static final ModelProfile PROFILE = ProfileCatalog.parse("""
            name: p
            provider: openai
            base_url: http://127.0.0.1:1/v1
            model: m
            family: gpt-4o
            mode: tools
            api: chat
            constrained_output: json
            """, "test");
    private static final RenderedPrompt NO_TOOLS = RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of());
    private static final RenderedPrompt WITH_TOOLS = RenderedPrompt.chat(List.of(ChatMessage.user("q")),
            List.of(Map.of("type", "function", "function", Map.of("name", "get_height"))));

    private static ModelResponse answer(String text, String finishReason, List<ToolCall> calls) {
        return new ModelResponse(text, calls, finishReason, 1, 1, 1L);
    }

    private static List<String> kinds(boolean constrained, RenderedPrompt prompt, ModelResponse response) {
        return IgnoredRequestParts.of(PROFILE, constrained, prompt, response).stream().map(IgnoredRequestParts.Finding::kind).toList();
    }

    @Test
    void proseUnderAConstraintIsAFindingButJsonAndJsonCutByMaxTokensAreNot() {
        assertThat(kinds(true, NO_TOOLS, answer("Batman is tall.", "stop", List.of()))).containsExactly(IgnoredRequestParts.CONSTRAINT_IGNORED);
        assertThat(kinds(true, NO_TOOLS, answer("", "stop", List.of()))).containsExactly(IgnoredRequestParts.CONSTRAINT_IGNORED);
        assertThat(kinds(true, NO_TOOLS, answer(" [{\"name\": \"x\"}] ", "stop", List.of()))).isEmpty();
        assertThat(kinds(true, NO_TOOLS, answer("[{\"name\": \"x\", \"argu", "length", List.of()))).as("cut JSON").isEmpty();
        assertThat(kinds(true, NO_TOOLS, answer("[{\"name\": \"x\", \"argu", "stop", List.of())))
                .as("broken JSON that max_tokens did not cut").containsExactly(IgnoredRequestParts.CONSTRAINT_IGNORED);
        assertThat(kinds(true, NO_TOOLS, answer("Batman is", "length", List.of()))).as("prose cut by max_tokens")
                .containsExactly(IgnoredRequestParts.CONSTRAINT_IGNORED);
        assertThat(kinds(false, NO_TOOLS, answer("Batman is tall.", "stop", List.of()))).as("nothing was asked").isEmpty();
    }

    @Test
    void toolsThatLeaveNoTraceAreAFinding() {
        assertThat(kinds(false, WITH_TOOLS, answer("I am a helpful assistant.", "stop", List.of())))
                .containsExactly(IgnoredRequestParts.TOOLS_DROPPED);
        assertThat(kinds(false, WITH_TOOLS, answer("", "tool_calls", List.of(new ToolCall("get_height", Map.of(), null))))).isEmpty();
        assertThat(kinds(false, WITH_TOOLS, answer("I would call get_height", "stop", List.of()))).isEmpty();
        assertThat(kinds(true, WITH_TOOLS, answer("no idea", "stop", List.of())))
                .containsExactly(IgnoredRequestParts.CONSTRAINT_IGNORED, IgnoredRequestParts.TOOLS_DROPPED);
    }

    @Test
    void aToolNamedAsTheUserKnowsItIsNamedThoughSentUnderItsApiSafeName() {
        // BFCL's music_composer.create_mix is sent as music_composer_create_mix (NativeToolName)
        RenderedPrompt dotted = RenderedPrompt.chat(List.of(ChatMessage.user("q")),
                List.of(Map.of("type", "function", "function", Map.of("name", "music_composer_create_mix"))));
        assertThat(kinds(false, dotted, answer("[{\"name\":\"music_composer.create_mix\",\"arguments\":{}}]", "stop", List.of()))).isEmpty();
        assertThat(kinds(false, dotted, answer("[{\"name\":\"music_composer.mix\",\"arguments\":{}}]", "stop", List.of())))
                .containsExactly(IgnoredRequestParts.TOOLS_DROPPED);
    }
}
