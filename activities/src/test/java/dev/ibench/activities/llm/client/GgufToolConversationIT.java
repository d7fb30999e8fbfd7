package dev.ibench.activities.llm.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.TestModelFile;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The in-process GGUF client renders a conversation with native tool calls and tool results through llama.cpp's jinja
 * path with SmolLM2's own chat template (ChatML, which has no tool syntax, so llama.cpp's polyfill writes the calls and
 * results into the turns); a plain conversation keeps the rendering it had. Real model, no network.
 */
class GgufToolConversationIT {
    private static ModelRequest request(List<ChatMessage> messages) {
        return new ModelRequest("smollm2", RenderedPrompt.chat(messages, List.of()), new DecodingSettings(8, 0, List.of(), null), "s");
    }

    @Test
    void toolCallsAndToolResultsAreRenderedIntoTheModelsTurns() {
        GgufClient client = new GgufClient(TestModelFile.require(), 2048, 2, Duration.ofMinutes(2));
        String rendered = client.renderedPrompt(request(List.of(
                ChatMessage.system("Answer with the tools."),
                ChatMessage.user("How tall is Batman?"),
                ChatMessage.assistant("", List.of(new ChatToolCall("call_1", "get_height", "{\"name\":\"Batman\"}")), null),
                ChatMessage.tool("call_1", "188 cm"))));

        // as llama-server --jinja renders it: the template's leading BOS text (SmolLM2's bos_token is <|im_start|>) is
        // left to the tokenizer, which adds the BOS token
        assertThat(rendered).startsWith("system\nAnswer with the tools.<|im_end|>\n<|im_start|>user\nHow tall is Batman?<|im_end|>\n");
        // ChatML has no tool syntax: llama.cpp's polyfill writes the call into the assistant turn and the result as
        // a tool_response the user turn carries
        assertThat(rendered).contains("<|im_start|>assistant\n{\n  \"tool_calls\": [\n    {\n      \"name\": \"get_height\",\n"
                + "      \"arguments\": {\n        \"name\": \"Batman\"\n      },\n      \"id\": \"call_1\"\n    }\n  ]\n}<|im_end|>\n");
        assertThat(rendered).endsWith("<|im_start|>user\n{\n  \"tool_response\": {\n    \"content\": \"188 cm\",\n"
                + "    \"tool_call_id\": \"call_1\"\n  }\n}<|im_end|>\n<|im_start|>assistant\n");
    }

    @Test
    void aPlainConversationRendersAsBefore() {
        GgufClient client = new GgufClient(TestModelFile.require(), 2048, 2, Duration.ofMinutes(2));
        String rendered = client.renderedPrompt(request(List.of(ChatMessage.system("Be brief."), ChatMessage.user("Hi"))));

        assertThat(rendered).isEqualTo("<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
    }
}
