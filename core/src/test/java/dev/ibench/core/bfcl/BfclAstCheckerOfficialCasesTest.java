package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Corners of BFCL's checker where Python semantics or the checker's own control flow decide, each verdict and error
 * type as bfcl-eval 2026.3.23's {@code ast_checker} returns it on the same input (run through
 * testing/src/main/resources/bfcl/official_checker.py): {@code null} is None, a value like any other; {@code True == 1};
 * the optional marker {@code ""} is an acceptable empty list; a missing dict key's error type wins over a wrong value;
 * the simple categories check the test's first function; a nested type check that fails falls through to the variable
 * check; Java and JavaScript arguments are source text converted as bfcl-eval's converters read it.
 */
class BfclAstCheckerOfficialCasesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        null_optional        | live_multiple | {"p": {"type": "string", "default": null}}              |         | {"p": ["", null]}          | {"p": null}      | true  |
        null_for_int         | simple_python | {"n": {"type": "integer"}}                              | n       | {"n": [3]}                 | {"n": null}      | false | type_error:simple
        null_for_string      | live_simple   | {"s": {"type": "string"}}                               | s       | {"s": ["a", null]}         | {"s": null}      | false | type_error:simple
        true_equals_one      | simple_python | {"n": {"type": "integer"}}                              | n       | {"n": [true]}              | {"n": 1}         | true  |
        empty_list_optional  | simple_python | {"xs": {"type": "array", "items": {"type": "string"}}}  |         | {"xs": [["a"], ""]}        | {"xs": []}       | true  |
        dict_key_wins        | simple_python | {"d": {"type": "dict"}}                                 | d       | {"d": [{"a": [1], "b": [2]}]} | {"d": {"a": 5}} | false | value_error:dict_key
        nested_fallthrough   | simple_python | {"xs": {"type": "array", "items": {"type": "integer"}}} | xs      | {"xs": [null, [1]]}        | {"xs": ["a"]}    | false | value_error:others
        nested_type          | simple_python | {"xs": {"type": "array", "items": {"type": "integer"}}} | xs      | {"xs": [[1, 0]]}           | {"xs": [1, false]} | false | type_error:nested
        java_long            | simple_java   | {"n": {"type": "long"}}                                 | n       | {"n": [42]}                | {"n": "42L"}     | true  |
        java_long_no_suffix  | simple_java   | {"n": {"type": "long"}}                                 | n       | {"n": [42]}                | {"n": "42"}      | false | type_error:simple
        java_not_a_string    | simple_java   | {"n": {"type": "long"}}                                 | n       | {"n": [42]}                | {"n": 42}        | false | type_error:java
        java_array_list      | simple_java   | {"xs": {"type": "ArrayList", "items": {"type": "long"}}} | xs     | {"xs": [[1, 2]]}           | {"xs": "new ArrayList<>(Arrays.asList(1L, 2L))"} | true |
        java_map_string_slip | simple_java   | {"m": {"type": "HashMap"}}                              | m       | {"m": [{"format": "epoch_millis", "x": [1]}]} | {"m": "new HashMap<String, Object>() {{ put(\\"x\\", 1); }}"} | true |
        js_bigint            | simple_javascript | {"n": {"type": "Bigint"}}                           | n       | {"n": [7]}                 | {"n": "7n"}      | true  |
        js_array_of_float    | simple_javascript | {"xs": {"type": "array", "items": {"type": "float"}}} | xs    | {"xs": [[60, 30]]}         | {"xs": "[60, 30.0]"} | true |
        js_dict              | simple_javascript | {"d": {"type": "dict"}}                             | d       | {"d": [{"k": ["v"], "n": [1]}]} | {"d": "{'k': 'v', 'n': 1}"} | true |
        """)
    void verdictAndErrorTypeAsBfclEvalGives(String name, String category, String properties, String required, String answer,
            String arguments, boolean valid, String errorType) {
        Map<String, Object> function = Map.of("name", "f", "parameters", Map.of("type", "dict",
                "properties", json(properties), "required", required == null ? List.of() : List.of(required)));
        BfclCheckResult r = BfclAstChecker.check(new BfclTestCase(name + "_0", category, List.of(function)),
                new BfclPossibleAnswer(name, List.of(Map.of("f", json(answer)))), List.of(new ToolCall("f", json(arguments), null)));
        assertThat(r.valid()).as(name).isEqualTo(valid);
        assertThat(r.bfclErrorType()).as(name).isEqualTo(errorType);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        simple_python | simple_function_checker:wrong_count
        live_multiple | multiple_function_checker:wrong_count
        live_parallel | parallel_function_checker_no_order:wrong_count
        """)
    void wrongCountNamesTheCheckerBfclDispatchesTo(String category, String errorType) {
        Map<String, Object> function = Map.of("name", "f", "parameters", Map.of("type", "dict", "properties", Map.of(), "required", List.of()));
        BfclCheckResult r = BfclAstChecker.check(new BfclTestCase("x_0", category, List.of(function)),
                new BfclPossibleAnswer("x", List.of(Map.of("f", Map.of()))), new ArrayList<>());
        assertThat(r.bfclErrorType()).isEqualTo(errorType);
    }

    @org.junit.jupiter.api.Test
    void theSimpleCheckerWantsOneCallWhateverThePossibleAnswerHolds() {
        Map<String, Object> function = Map.of("name", "f", "parameters", Map.of("type", "dict", "properties", Map.of(), "required", List.of()));
        assertThat(BfclAstChecker.check(new BfclTestCase("x_0", "simple_python", List.of(function)),
                new BfclPossibleAnswer("x", List.of(Map.of("f", Map.of()), Map.of("f", Map.of()))), List.of(new ToolCall("f", Map.of(), null))).valid())
                .as("bfcl-eval checks the one call against the first expected call").isTrue();
        BfclCheckResult noCall = BfclAstChecker.check(new BfclTestCase("x_0", "live_multiple", List.of(function)),
                new BfclPossibleAnswer("x", List.of()), List.of());
        assertThat(noCall.valid()).isFalse();
        assertThat(noCall.bfclErrorType()).isEqualTo("possible_answer:unusable");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"live_simple, false", "live_multiple, true"})
    void simpleCategoriesCheckTheFirstFunctionMultipleOnesTheNamedOne(String category, boolean valid) {
        Map<String, Object> parameters = Map.of("type", "dict", "properties", Map.of(), "required", List.of());
        List<Map<String, Object>> functions = List.of(Map.of("name", "f", "parameters", parameters), Map.of("name", "g", "parameters", parameters));
        BfclCheckResult r = BfclAstChecker.check(new BfclTestCase("x_0", category, functions),
                new BfclPossibleAnswer("x", List.of(Map.of("g", Map.of()))), List.of(new ToolCall("g", Map.of(), null)));
        assertThat(r.valid()).isEqualTo(valid);
    }

    private static <T> T json(String text) {
        try {
            return Json.MAPPER.readValue(text, new TypeReference<T>() {});
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
