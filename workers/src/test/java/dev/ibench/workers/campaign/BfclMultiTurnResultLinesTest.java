package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.NativeTurnText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A multi-turn step's model response as bfcl-eval's handlers keep it in their result files, and bfcl-eval's id order. */
class BfclMultiTurnResultLinesTest {
    @Test
    void aPromptStepIsItsTextWithoutTheReasoning() {
        assertThat(BfclMultiTurnResultLines.response("<think>ls first</think>[ls(a=True)]")).isEqualTo("[ls(a=True)]");
        assertThat(BfclMultiTurnResultLines.response("")).isEqualTo("");
    }

    @Test
    void aFunctionCallingStepIsTheOpenAiHandlersNameToArgumentsList() {
        String stored = new NativeTurnText("", List.of(new NativeTurnText.Call("c1", "cd", "{\"folder\": \"temp\"}"),
                new NativeTurnText.Call("c2", "ls", "{}"))).stored();
        assertThat(BfclMultiTurnResultLines.response(stored)).isEqualTo(List.of(Map.of("cd", "{\"folder\": \"temp\"}"), Map.of("ls", "{}")));
        // no tool calls: _parse_query_response_FC keeps the message's text
        assertThat(BfclMultiTurnResultLines.response(new NativeTurnText("Done.", List.of()).stored())).isEqualTo("Done.");
    }

    @Test
    void entriesSortByTheIndexThatEndsTheId() {
        assertThat(BfclMultiTurnResultLines.index("multi_turn_base_12")).isEqualTo(12);
        assertThat(BfclMultiTurnResultLines.index("multi_turn_long_context_3")).isEqualTo(3);
        assertThat(BfclMultiTurnResultLines.index("live_simple_19-3-15")).isEqualTo(19);
    }
}
