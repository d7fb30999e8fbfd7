package dev.ibench.core.bfcl;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.sample.NativeToolName;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BFCL's AST checker (seed 004 evaluates on BFCL; seed 000 appendix H.1.1 uses its error categories) for Python
 * test categories, reimplemented from bfcl-eval's {@code ast_checker.py} and kept equal to it by
 * BfclOfficialAgreementIT: function name, required parameters, unexpected parameters, type check (int accepted
 * for float; one level of nested array item types), value check against the acceptable values (strings standardised,
 * lists element-wise, dicts key-wise, Python equality: {@code 1 == 1.0 == True}), optional parameters marked by
 * {@code ""}; JSON {@code null} is Python's {@code None}, a value like any other. The category picks the checker as
 * BFCL does: {@code parallel*} match calls order-free (each expected call takes the first still-unmatched predicted
 * call that passes), {@code *multiple} check the first call against the function its answer names, the others the
 * first call against the test's first function. A dotted name is judged per {@link BfclMode}, as bfcl-eval judges it
 * for the handler kind: written as given ({@code math.factorial}) in prompt mode, with its dots as underscores
 * ({@code math_factorial}) in function-calling mode, and the other spelling is a wrong name.
 * BFCL error types map to the seed categories: wrong_count -> wrong_func_count, wrong_func_name ->
 * hallucinated_func_name (name not among the functions) or wrong_func_name, missing_required and missing_optional ->
 * missing_required_parameter, unexpected_param -> unexpected_param, type_error and value_error -> value_error.
 */
public final class BfclAstChecker {
    private BfclAstChecker() {}

    /** {@link #check(BfclTestCase, BfclPossibleAnswer, List, BfclMode)} in prompt mode. */
    public static BfclCheckResult check(BfclTestCase test, BfclPossibleAnswer answer, List<ToolCall> predicted) {
        return check(test, answer, predicted, BfclMode.PROMPT);
    }

    public static BfclCheckResult check(BfclTestCase test, BfclPossibleAnswer answer, List<ToolCall> predicted, BfclMode mode) {
        List<Map<String, Map<String, List<Object>>>> expected = answer.groundTruth() == null ? List.of() : answer.groundTruth();
        boolean simple = !test.category().contains("parallel") && !test.category().contains("multiple");
        String checker = test.category().contains("parallel") ? "parallel_function_checker_no_order"
                : simple ? "simple_function_checker" : "multiple_function_checker";
        // BFCL's simple checker wants exactly one call whatever the possible answer holds; the others its length
        int wanted = simple ? 1 : expected.size();
        if (predicted.size() != wanted) {
            return BfclCheckResult.fail(BfclErrorCategory.WRONG_FUNC_COUNT, checker + ":wrong_count",
                    "expected " + wanted + " calls, got " + predicted.size());
        }
        // where BFCL's checker raises on its own data (no expected call, no function, an unknown function), the sample fails
        if (expected.isEmpty() || test.functions().isEmpty() || expected.stream().anyMatch(c -> c == null || c.isEmpty())) {
            return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, "possible_answer:unusable",
                    "the sample's possible answer has no call or the test defines no function");
        }
        try {
            return checkCalls(test, expected, predicted, mode);
        } catch (IllegalArgumentException e) {
            return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, "possible_answer:unusable", e.getMessage());
        }
    }

    private static BfclCheckResult checkCalls(BfclTestCase test, List<Map<String, Map<String, List<Object>>>> expected, List<ToolCall> predicted,
            BfclMode mode) {
        if (!test.category().contains("parallel")) {
            return checkCall(test, description(test, expected.get(0)), predicted.get(0), expected.get(0), mode);
        }
        Set<Integer> matched = new HashSet<>();
        for (Map<String, Map<String, List<Object>>> expectedCall : expected) {
            Map<String, Object> description = description(test, expectedCall);
            BfclCheckResult closest = null;
            boolean found = false;
            for (int i = 0; i < predicted.size() && !found; i++) {
                if (matched.contains(i)) {
                    continue;
                }
                BfclCheckResult result = checkCall(test, description, predicted.get(i), expectedCall, mode);
                if (result.valid()) {
                    matched.add(i);
                    found = true;
                } else if (closest == null || result.category().ordinal() > closest.category().ordinal()) {
                    closest = result;
                }
            }
            if (!found) {
                return BfclCheckResult.fail(closest.category(), "parallel_function_checker_no_order:cannot_find_match",
                        "no predicted call matches expected " + expectedCall.keySet() + "; closest: " + closest.message());
            }
        }
        return BfclCheckResult.VALID;
    }

    /**
     * The function description an expected call refers to: the one with that exact name (BFCL's
     * {@code find_description}), else the one whose dotted name ends with it (BFCL v3 data has {@code find_closest}
     * answering {@code restaurant_search.find_closest}; BFCL's checker raises there), else the only function.
     */
    static Map<String, Object> describe(List<Map<String, Object>> functions, String answerName) {
        return functions.stream().filter(f -> answerName.equals(f.get("name"))).findFirst()
                .or(() -> functions.stream().filter(f -> String.valueOf(f.get("name")).endsWith("." + answerName)).findFirst())
                .or(() -> functions.size() == 1 ? java.util.Optional.of(functions.get(0)) : java.util.Optional.empty())
                .orElseThrow(() -> new IllegalArgumentException("possible answer names '" + answerName + "', which the test does not define"));
    }

    /**
     * The function description an expected call is checked against, whose name the call must use (or its native-API
     * spelling): the test's first function in the simple categories (BFCL's simple checker takes
     * {@code func_description[0]}), else {@link #describe} by the name the possible answer gives.
     */
    static Map<String, Object> description(BfclTestCase test, Map<String, Map<String, List<Object>>> expectedCall) {
        if (!test.category().contains("parallel") && !test.category().contains("multiple")) {
            return test.functions().get(0);
        }
        return describe(test.functions(), expectedCall.keySet().iterator().next());
    }

    @SuppressWarnings("unchecked")
    static BfclCheckResult checkCall(BfclTestCase test, Map<String, Object> description, ToolCall call,
            Map<String, Map<String, List<Object>>> expectedCall, BfclMode mode) {
        List<Map<String, Object>> functions = test.functions();
        BfclLanguage language = BfclLanguage.of(test.category());
        Map<String, List<Object>> acceptable = expectedCall.values().iterator().next();
        String expectedName = mode.expectedName(String.valueOf(description.get("name")));
        if (!expectedName.equals(call.name())) {
            // the seed's category only: a name among the functions in either spelling is a wrong name, not a hallucinated one
            boolean known = functions.stream().anyMatch(f -> String.valueOf(f.get("name")).equals(call.name())
                    || NativeToolName.of(String.valueOf(f.get("name"))).equals(call.name()));
            return BfclCheckResult.fail(known ? BfclErrorCategory.WRONG_FUNC_NAME : BfclErrorCategory.HALLUCINATED_FUNC_NAME,
                    "simple_function_checker:wrong_func_name",
                    "expected function '" + expectedName + "', got '" + call.name() + "'" + (known ? "" : " (not among the functions)"));
        }
        Map<String, Object> parameters = description.get("parameters") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        Map<String, Map<String, Object>> properties = parameters.get("properties") instanceof Map<?, ?> p
                ? (Map<String, Map<String, Object>>) p : Map.of();
        List<String> required = parameters.get("required") instanceof List<?> r ? (List<String>) r : List.of();
        Map<String, Object> args = call.arguments();
        for (String param : required) {
            if (!args.containsKey(param)) {
                return BfclCheckResult.fail(BfclErrorCategory.MISSING_REQUIRED_PARAMETER, "simple_function_checker:missing_required",
                        "missing required parameter '" + param + "'");
            }
        }
        for (Map.Entry<String, Object> e : args.entrySet()) {
            String param = e.getKey();
            if (!properties.containsKey(param) || !acceptable.containsKey(param)) {
                return BfclCheckResult.fail(BfclErrorCategory.UNEXPECTED_PARAM, "simple_function_checker:unexpected_param",
                        "unexpected parameter '" + param + "'");
            }
            Map<String, Object> schema = properties.get(param) instanceof Map<?, ?> ? properties.get(param) : Map.of();
            BfclCheckResult valueResult = checkValue(language, param, e.getValue(), schema, values(acceptable.get(param)));
            if (!valueResult.valid()) {
                return valueResult;
            }
        }
        for (Map.Entry<String, List<Object>> e : acceptable.entrySet()) {
            if (!args.containsKey(e.getKey()) && !values(e.getValue()).contains("")) {
                return BfclCheckResult.fail(BfclErrorCategory.MISSING_REQUIRED_PARAMETER, "simple_function_checker:missing_optional",
                        "optional parameter '" + e.getKey() + "' not provided and not marked as optional");
            }
        }
        return BfclCheckResult.VALID;
    }

    /** A parameter's acceptable values; a possible answer holding {@code null} instead of a list accepts nothing. */
    private static List<Object> values(List<Object> acceptable) {
        return acceptable == null ? List.of() : acceptable;
    }

    private static BfclCheckResult checkValue(BfclLanguage language, String param, Object value, Map<String, Object> schema,
            List<Object> acceptable) {
        String schemaType = schema.get("type") instanceof String t ? t : null;
        BfclValues.PyType nested = null;
        BfclValues.PyType expected;
        if (language == BfclLanguage.PYTHON) {
            expected = BfclValues.expectedType(schemaType);
            if ("array".equals(schemaType) || "tuple".equals(schemaType)) {
                String items = BfclLanguage.itemsType(schema);
                nested = items == null ? BfclValues.PyType.OTHER : BfclValues.expectedType(items);
            }
            if ("float".equals(schemaType) && BfclValues.typeOf(value) == BfclValues.PyType.INT) {
                value = ((Number) value).doubleValue();
            }
        } else {
            // bfcl-eval raises on a type outside its table (or a list type without items); ibench calls it a type error
            expected = language.pyType(schemaType).orElse(null);
            boolean nestedKind = BfclLanguage.NESTED_CONVERSION.contains(schemaType);
            String nestedType = nestedKind ? BfclLanguage.itemsType(schema) : null;
            nested = nestedType == null ? null : language.pyType(nestedType).orElse(null);
            if (expected == null) {
                return unknownType(language, param, schemaType);
            }
            if (!(value instanceof String text)) {
                return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, language.typeErrorName(),
                        "incorrect type for parameter '" + param + "': expected a string in " + language.name().toLowerCase() + " syntax, got "
                                + BfclValues.typeOf(value).name().toLowerCase() + " (" + value + ")");
            }
            if (nestedKind && nested == null) {
                return unknownType(language, param, schemaType + " of " + nestedType);
            }
            // where bfcl-eval's converter raises (Set, Hashtable, Queue, Stack), ibench keeps the text
            value = language.convert(text, schemaType, nestedType).orElse(text);
        }
        BfclValues.PyType answerType = BfclValues.possibleAnswerType(acceptable).orElse(null);
        boolean isVariable = answerType != null && answerType != expected;
        BfclCheckResult typeResult = checkType(param, value, acceptable, expected, nested, schemaType);
        if (!typeResult.valid()) {
            return typeResult;
        }
        boolean typeMatches = BfclValues.typeOf(value) == expected;
        isVariable = isVariable || !typeMatches;
        BfclCheckResult structured = isVariable ? null : checkStructured(param, value, expected, nested, acceptable);
        if (structured != null) {
            return structured;
        }
        return BfclValues.pyContains(acceptable, value) ? BfclCheckResult.VALID : valueError("value_error:others", param, value, acceptable);
    }

    /**
     * BFCL's checks of a value whose type is the schema's (dict, list of dicts, string, list), each against every
     * acceptable value after standardizing; null for other types, which the plain membership check decides.
     */
    @SuppressWarnings("unchecked")
    private static BfclCheckResult checkStructured(String param, Object value, BfclValues.PyType expected, BfclValues.PyType nested,
            List<Object> acceptable) {
        if (expected == BfclValues.PyType.DICT) {
            return checkDict(param, (Map<String, Object>) value, acceptable);
        }
        if (expected == BfclValues.PyType.LIST && nested == BfclValues.PyType.DICT) {
            return checkListOfDicts(param, (List<Object>) value, acceptable);
        }
        if (expected == BfclValues.PyType.STR) {
            String standardized = BfclValues.standardize((String) value);
            boolean ok = acceptable.stream().anyMatch(a -> a instanceof String s && BfclValues.standardize(s).equals(standardized));
            return ok ? BfclCheckResult.VALID : valueError("value_error:string", param, value, acceptable);
        }
        if (expected == BfclValues.PyType.LIST) {
            List<Object> standardized = BfclValues.standardizeItems((List<?>) value);
            boolean ok = acceptable.stream().anyMatch(a -> BfclValues.indexable(a)
                    .map(l -> BfclValues.pyEquals(BfclValues.standardizeItems(l), standardized)).orElse(false));
            return ok ? BfclCheckResult.VALID : valueError("value_error:list/tuple", param, value, acceptable);
        }
        return null;
    }

    /** BFCL's {@code type_checker}, including where its nested check falls through to the variable check. */
    private static BfclCheckResult checkType(String param, Object value, List<Object> acceptable, BfclValues.PyType expected,
            BfclValues.PyType nested, String schemaType) {
        BfclValues.PyType actual = BfclValues.typeOf(value);
        BfclValues.PyType answerType = BfclValues.possibleAnswerType(acceptable).orElse(null);
        if (actual == expected) {
            if (nested == null) {
                return BfclCheckResult.VALID;
            }
            for (Object candidate : acceptable) {
                boolean allItemsOk = true;
                if (candidate instanceof List<?> candidateItems) {
                    for (Object item : (List<?>) value) {
                        if (!checkType(param, item, (List<Object>) candidateItems, nested, null, String.valueOf(nested)).valid()) {
                            allItemsOk = false;
                            break;
                        }
                    }
                }
                if (allItemsOk) {
                    return BfclCheckResult.VALID;
                }
            }
            if (answerType == actual) {
                return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, "type_error:nested",
                        "nested type check failed for parameter '" + param + "': expected " + schemaType + " of " + nested + ", got " + value);
            }
        } else if (answerType != null && actual == answerType) {
            return BfclCheckResult.VALID;
        }
        return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, "type_error:simple",
                "incorrect type for parameter '" + param + "': expected " + schemaType + ", got " + actual.name().toLowerCase() + " (" + value + ")");
    }

    /** BFCL's {@code dict_checker}: the first candidate dict that accepts every key; else the last candidate's error. */
    @SuppressWarnings("unchecked")
    private static BfclCheckResult checkDict(String param, Map<String, Object> value, List<Object> acceptable) {
        BfclCheckResult last = valueError("dict_checker:unclear", param, value, acceptable);
        for (Object candidate : acceptable) {
            if (!(candidate instanceof Map<?, ?> expectedDict)) {
                continue;
            }
            Map<String, Object> options = (Map<String, Object>) expectedDict;
            last = valueError("dict_checker:unclear", param, value, acceptable);
            boolean ok = true;
            for (Map.Entry<String, Object> e : value.entrySet()) {
                if (!options.containsKey(e.getKey())) {
                    last = valueError("value_error:dict_key", param + "." + e.getKey(), e.getValue(), List.of());
                    ok = false;
                    break;
                }
                Object v = e.getValue() instanceof String s ? BfclValues.standardize(s) : e.getValue();
                // BFCL indexes the acceptable values: a string there (a data slip) stands for its characters
                List<Object> keyOptions = BfclValues.indexable(options.get(e.getKey())).orElse(List.of());
                if (!BfclValues.pyContains(BfclValues.standardizeItems(keyOptions), v)) {
                    last = valueError("value_error:dict_value", param + "." + e.getKey(), e.getValue(), keyOptions);
                    ok = false;
                    break;
                }
            }
            // BFCL runs the missing-key check even after a wrong value; a missing key's error type then wins
            for (Map.Entry<String, Object> e : options.entrySet()) {
                // Python's '"" in value': true for a list holding "" and for any string
                if (!value.containsKey(e.getKey()) && !(e.getValue() instanceof List<?> l && l.contains("") || e.getValue() instanceof String)) {
                    last = valueError("value_error:dict_key", param + "." + e.getKey(), null, List.of());
                    ok = false;
                    break;
                }
            }
            if (ok) {
                return BfclCheckResult.VALID;
            }
        }
        return last;
    }

    /** BFCL's {@code list_dict_checker}: dicts position by position; the optional marker {@code ""} counts as no dicts. */
    @SuppressWarnings("unchecked")
    private static BfclCheckResult checkListOfDicts(String param, List<Object> value, List<Object> acceptable) {
        BfclCheckResult last = valueError("list_dict_checker:unclear", param, value, acceptable);
        for (Object candidate : acceptable) {
            List<Object> dicts = BfclValues.indexable(candidate).orElse(null);
            if (dicts == null || dicts.size() != value.size()) {
                last = valueError("value_error:list_dict_count", param, value, acceptable);
                continue;
            }
            boolean ok = true;
            for (int i = 0; i < value.size() && ok; i++) {
                if (!(value.get(i) instanceof Map<?, ?> item)) {
                    ok = false;
                    break;
                }
                BfclCheckResult r = checkDict(param, (Map<String, Object>) item, java.util.Collections.singletonList(dicts.get(i)));
                if (!r.valid()) {
                    last = r;
                    ok = false;
                }
            }
            if (ok) {
                return BfclCheckResult.VALID;
            }
        }
        return last;
    }

    private static BfclCheckResult unknownType(BfclLanguage language, String param, String type) {
        return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, language.typeErrorName(),
                "parameter '" + param + "' has type " + type + ", which BFCL's checker does not know");
    }

    private static BfclCheckResult valueError(String bfclType, String param, Object value, List<Object> acceptable) {
        return BfclCheckResult.fail(BfclErrorCategory.VALUE_ERROR, bfclType,
                "invalid value for parameter '" + param + "': " + value + "; expected one of " + acceptable);
    }
}
