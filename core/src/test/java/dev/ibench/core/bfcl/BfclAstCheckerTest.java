package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class BfclAstCheckerTest {
    private static final Map<String, Object> AREA = Map.of("name", "calculate_triangle_area", "parameters", Map.of(
            "type", "dict",
            "properties", Map.of(
                    "base", Map.of("type", "integer"),
                    "height", Map.of("type", "float"),
                    "unit", Map.of("type", "string"),
                    "tags", Map.of("type", "array", "items", Map.of("type", "string"))),
            "required", List.of("base", "height")));

    private static BfclPossibleAnswer answer(String id, List<Map<String, Map<String, List<Object>>>> calls) {
        return new BfclPossibleAnswer(id, calls);
    }

    private static Map<String, Map<String, List<Object>>> area(int base) {
        return Map.of("calculate_triangle_area", Map.of("base", List.of(base), "height", List.of(5.0),
                "unit", List.of("square units", ""), "tags", List.of(List.of("a b"), "")));
    }

    private static List<ToolCall> parse(String text) {
        return ParserChains.named("bfcl").parse(text).calls();
    }

    private final BfclTestCase simple = new BfclTestCase("simple_0", List.of(AREA));

    @Test
    void intAcceptedForFloatAndStringsStandardised() {
        BfclCheckResult r = BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))),
                parse("[calculate_triangle_area(base=10, height=5, unit=\"Square-Units\")]"));
        assertThat(r.valid()).as(String.valueOf(r.message())).isTrue();
    }

    @Test
    void floatForIntegerIsATypeValueError() {
        BfclCheckResult r = BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))), parse("[calculate_triangle_area(base=10.0, height=5.0)]"));
        assertThat(r.category()).isEqualTo(BfclErrorCategory.VALUE_ERROR);
        assertThat(r.bfclErrorType()).isEqualTo("type_error:simple");
    }

    @Test
    void optionalParametersMayBeOmittedButNonOptionalAnswerParametersMayNot() {
        assertThat(BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))), parse("[calculate_triangle_area(base=10, height=5.0)]")).valid()).isTrue();
        var strict = answer("simple_0", List.of(Map.of("calculate_triangle_area", Map.of("base", List.of(10), "height", List.of(5.0), "unit", List.of("cm")))));
        BfclCheckResult r = BfclAstChecker.check(simple, strict, parse("[calculate_triangle_area(base=10, height=5.0)]"));
        assertThat(r.category()).isEqualTo(BfclErrorCategory.MISSING_REQUIRED_PARAMETER);
        assertThat(r.bfclErrorType()).isEqualTo("simple_function_checker:missing_optional");
    }

    @Test
    void listValuesStandardisedElementWise() {
        assertThat(BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))),
                parse("[calculate_triangle_area(base=10, height=5.0, tags=['A_B'])]")).valid()).isTrue();
        assertThat(BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))),
                parse("[calculate_triangle_area(base=10, height=5.0, tags=['c'])]")).category()).isEqualTo(BfclErrorCategory.VALUE_ERROR);
    }

    @Test
    void wrongValueIsValueError() {
        assertThat(BfclAstChecker.check(simple, answer("simple_0", List.of(area(10))), parse("[calculate_triangle_area(base=11, height=5.0)]")).bfclErrorType())
                .isEqualTo("value_error:others");
    }

    @RepeatedTest(5)
    void shuffledCorrectParallelAnswerStillPasses() {
        BfclTestCase parallel = new BfclTestCase("parallel_7", List.of(AREA));
        var expected = answer("parallel_7", List.of(area(1), area(2), area(3), area(4)));
        List<ToolCall> calls = new ArrayList<>(parse("[calculate_triangle_area(base=1, height=5.0), calculate_triangle_area(base=2, height=5.0),"
                + " calculate_triangle_area(base=3, height=5), calculate_triangle_area(base=4, height=5.0, unit='square units')]"));
        assertThat(calls).hasSize(4);
        Collections.shuffle(calls, new Random());
        assertThat(BfclAstChecker.check(parallel, expected, calls).valid()).isTrue();
        calls.set(0, new ToolCall(calls.get(0).name(), Map.of("base", 9, "height", 5.0), null));
        BfclCheckResult broken = BfclAstChecker.check(parallel, expected, calls);
        assertThat(broken.valid()).isFalse();
        assertThat(broken.category()).isEqualTo(BfclErrorCategory.VALUE_ERROR);
    }
}
