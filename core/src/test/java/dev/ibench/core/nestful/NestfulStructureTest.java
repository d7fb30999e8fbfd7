package dev.ibench.core.nestful;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NestfulStructureTest {
    private static ToolCall call(String label, Object... args) {
        java.util.Map<String, Object> a = new java.util.LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            a.put("arg_" + i, args[i]);
        }
        return new ToolCall("f", a, label);
    }

    @Test
    void independentCallsHaveDepthZero() {
        assertThat(NestfulStructure.of(List.of(call("$var_1", 1), call("$var_2", 2))))
                .isEqualTo(new NestfulStructure(0, 0, "independent"));
    }

    @Test
    void aChainOfThreeHasDepthTwo() {
        assertThat(NestfulStructure.of(List.of(call("$var_1", 1), call("$var_2", "$var_1.result$"), call("$var_3", "$var_2.result$", 4))))
                .isEqualTo(new NestfulStructure(2, 2, "chain"));
    }

    @Test
    void twoOutputsIntoOneCallIsFanIn() {
        // MathQA-style: the bundled ICL example 1 (multiply, add, add, divide(var_2, var_3))
        List<ToolCall> calls = List.of(call("$var_1", 150, 2), call("$var_2", 480, "$var_1.result$"), call("$var_3", 4, 2),
                call("$var_4", "$var_2.result$", "$var_3.result$"));
        assertThat(NestfulStructure.of(calls)).isEqualTo(new NestfulStructure(2, 3, "fan_in"));
    }

    @Test
    void oneOutputUsedTwiceIsFanOutAndReferencesInListsCount() {
        List<ToolCall> calls = List.of(call("$var1", 1), call("$var2", List.of("$var1.output_0$")), call("$var3", "$var1.output_0$"));
        assertThat(NestfulStructure.of(calls)).isEqualTo(new NestfulStructure(1, 2, "fan_out"));
    }

    @Test
    void bothIsMixed() {
        List<ToolCall> calls = List.of(call("$var_1", 1), call("$var_2", "$var_1.result$"), call("$var_3", "$var_1.result$", "$var_2.result$"));
        assertThat(NestfulStructure.of(calls)).isEqualTo(new NestfulStructure(2, 3, "mixed"));
    }

    @Test
    void unknownLabelsAddNoEdge() {
        assertThat(NestfulStructure.of(List.of(new ToolCall("f", Map.of("x", "$var_9.result$"), "$var_1"))))
                .isEqualTo(new NestfulStructure(0, 0, "independent"));
    }
}
