package dev.ibench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NestfulGroundingTest {
    @Test
    void variableLabelsAreReplacedByFunctionNames() {
        List<ToolCall> a = List.of(new ToolCall("gen", Map.of("n", 1), "$var1"), new ToolCall("alt", Map.of("s", "$var1.output_0$"), "$var2"));
        List<ToolCall> b = List.of(new ToolCall("gen", Map.of("n", 1), "var_7"), new ToolCall("alt", Map.of("s", "$var_7.output_0"), "var_8"));
        assertThat(NestfulGrounding.ground(a).get(1).arguments()).containsEntry("s", "$gen.output_0$");
        assertThat(NestfulGrounding.ground(b).get(1).arguments()).containsEntry("s", "$gen.output_0$");
    }

    @Test
    void slotAndSelReferencesAreUntouched() {
        List<ToolCall> calls = List.of(new ToolCall("f", Map.of(), "FILTERED_DF"), new ToolCall("g", Map.of("data_source", "$FILTERED_DF$"), "X"));
        assertThat(NestfulGrounding.ground(calls).get(1).arguments()).containsEntry("data_source", "$FILTERED_DF$");
    }
}
