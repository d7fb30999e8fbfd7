package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parser chain follows the model profile: each shipped profile's own {@code parser} list (read from the bundled
 * profile, not copied here) parses the native call format of its family, with several calls per output.
 */
class ProfileFamilyParsersTest {
    private static final ProfileCatalog PROFILES = ProfileCatalog.load(null);
    private static final List<ToolCall> TWO_CALLS = List.of(new ToolCall("get_height", Map.of("name", "Batman"), null),
            new ToolCall("list_heroes", Map.of(), null));

    private static ParsedOutput parseAs(String profile, String output) {
        return ParserChains.forProfile(PROFILES.resolve(profile).parser()).parse(output);
    }

    @Test
    void llama3ProfileParsesSeveralNativeCallsWithStraySeparatorsAndKeepsANestedCallAsItsArgument() {
        String out = "{\"type\": \"function\", \"name\": \"get_height\", \"parameters\": {\"name\": \"Batman\"}}\"\n"
                + "\"{\"type\": \"function\", \"name\": \"list_heroes\", \"parameters\": {}}";
        assertThat(parseAs("vllm-llama3.1-8b", out).calls()).isEqualTo(TWO_CALLS);
        String nested = "{\"type\": \"function\", \"name\": \"divide\", \"parameters\": {\"a\": "
                + "{\"type\": \"function\", \"name\": \"count_heroes\", \"parameters\": {}}, \"b\": 2}}";
        ParsedOutput p = parseAs("vllm-llama3.1-8b", nested);
        assertThat(p.calls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("divide");
            assertThat(c.arguments().get("a")).isEqualTo(Map.of("type", "function", "name", "count_heroes", "parameters", Map.of()));
        });
    }

    @Test
    void graniteProfileParsesItsToolCallToken() {
        assertThat(parseAs("vllm-granite3.1-8b", "<|tool_call|>[{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}, "
                + "{\"name\": \"list_heroes\", \"arguments\": {}}]").calls()).isEqualTo(TWO_CALLS);
    }

    @Test
    void mixtralProfileParsesTheMistralToolCallsToken() {
        assertThat(parseAs("vllm-mixtral-8x22b", "[TOOL_CALLS] [{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}, "
                + "{\"name\": \"list_heroes\", \"arguments\": {}}]").calls()).isEqualTo(TWO_CALLS);
    }

    @Test
    void qwenProfileParsesHermesToolCallBlocks() {
        assertThat(parseAs("vllm-qwen2.5-7b", "<tool_call>\n{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}\n</tool_call>\n"
                + "<tool_call>\n{\"name\": \"list_heroes\", \"arguments\": {}}\n</tool_call>").calls()).isEqualTo(TWO_CALLS);
    }

    @Test
    void deepSeekProfileParsesItsToolCallTokens() {
        String out = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_height\n```json\n{\"name\": \"Batman\"}\n```"
                + "<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>list_heroes\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>";
        assertThat(parseAs("deepseek-v3", out).calls()).isEqualTo(TWO_CALLS);
    }
}
