package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SequenceErrorClassifierTest {
    private final List<ToolCall> gold = List.of(call("f", "a", 1), call("g", "b", "x"));
    private final List<Map<String, Object>> tools = List.of(Map.of("name", "f"), Map.of("name", "g"), Map.of("name", "h"));

    private BfclErrorCategory classify(List<ToolCall> predicted) {
        return SequenceErrorClassifier.classify(ParsedOutput.parsed(predicted, "json"), gold, tools).category();
    }

    @Test
    void eachCategoryInOrderOfPrecedence() {
        assertThat(SequenceErrorClassifier.classify(ParsedOutput.unparseable("prose"), gold, tools).category())
                .isEqualTo(BfclErrorCategory.INSTRUCTION_ALIGNMENT_FAILURE);
        assertThat(SequenceErrorClassifier.classify(ParsedOutput.wrongFormat("json", "list of strings"), gold, tools).category())
                .isEqualTo(BfclErrorCategory.WRONG_FUNC_FORMAT);
        assertThat(classify(List.of(call("f", "a", 1)))).isEqualTo(BfclErrorCategory.WRONG_FUNC_COUNT);
        assertThat(classify(List.of(call("f", "a", 1), call("zz")))).isEqualTo(BfclErrorCategory.HALLUCINATED_FUNC_NAME);
        assertThat(classify(List.of(call("f", "a", 1), call("h", "b", "x")))).isEqualTo(BfclErrorCategory.WRONG_FUNC_NAME);
        assertThat(classify(List.of(call("f"), call("g", "b", "x")))).isEqualTo(BfclErrorCategory.MISSING_REQUIRED_PARAMETER);
        assertThat(classify(List.of(call("f", "a", 1, "c", 0), call("g", "b", "x")))).isEqualTo(BfclErrorCategory.UNEXPECTED_PARAM);
        assertThat(classify(List.of(call("f", "a", 2), call("g", "b", "x")))).isEqualTo(BfclErrorCategory.VALUE_ERROR);
        assertThat(classify(gold)).isNull();
    }

    @Test
    void higherPrecedenceWins() {
        // wrong count and hallucinated name at once -> wrong_func_count
        assertThat(classify(List.of(call("zz")))).isEqualTo(BfclErrorCategory.WRONG_FUNC_COUNT);
        // hallucinated and missing parameter at once -> hallucinated_func_name
        assertThat(classify(List.of(call("zz"), call("g")))).isEqualTo(BfclErrorCategory.HALLUCINATED_FUNC_NAME);
        // missing and unexpected at once -> missing_required_parameter
        assertThat(classify(List.of(call("f", "c", 1), call("g", "b", "x")))).isEqualTo(BfclErrorCategory.MISSING_REQUIRED_PARAMETER);
    }

    @Test
    void emptyPredictionIsWrongCount() {
        assertThat(classify(List.of())).isEqualTo(BfclErrorCategory.WRONG_FUNC_COUNT);
    }
}
