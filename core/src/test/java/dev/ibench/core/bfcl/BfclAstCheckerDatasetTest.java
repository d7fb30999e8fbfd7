package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.testing.SharedData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance 3: on BFCL v3 simple and multiple, every sample's first acceptable answer, written in BFCL's Python call
 * syntax and read back by the parser chain, passes the AST checker; systematic mutations fail with the expected category.
 */
class BfclAstCheckerDatasetTest {
    private final ParserChain parser = ParserChains.named("bfcl");

    record Case(BfclTestCase test, BfclPossibleAnswer answer) {}

    private static List<Case> load(String category) {
        List<BfclTestCase> tests = BfclDataset.readTests(SharedData.file("bfcl/BFCL_v3_" + category + ".json"));
        Map<String, BfclPossibleAnswer> answers = BfclDataset.readAnswers(SharedData.file("bfcl/possible_answer/BFCL_v3_" + category + ".json"))
                .stream().collect(Collectors.toMap(BfclPossibleAnswer::id, Function.identity()));
        return tests.stream().map(t -> new Case(t, answers.get(t.id()))).toList();
    }

    private List<ToolCall> firstAcceptableAsModelOutput(Case c) {
        ParsedOutput parsed = parser.parse(BfclCallRenderer.firstAcceptable(c.test(), c.answer()));
        assertThat(parsed.isParsed()).as(c.test().id() + " renders parseably: " + parsed.problem()).isTrue();
        return parsed.calls();
    }

    @ParameterizedTest
    @ValueSource(strings = {"simple", "multiple"})
    void firstAcceptableAnswerPassesForEverySample(String category) {
        List<Case> cases = load(category);
        assertThat(cases).hasSizeGreaterThanOrEqualTo(200);
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            BfclCheckResult r = BfclAstChecker.check(c.test(), c.answer(), firstAcceptableAsModelOutput(c));
            if (!r.valid()) {
                failures.add(c.test().id() + ": " + r.message());
            }
        }
        assertThat(failures).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"simple", "multiple"})
    void mutationsFailWithTheExpectedCategory(String category) {
        int wrongNameChecked = 0;
        int droppedChecked = 0;
        for (Case c : load(category)) {
            ToolCall good = firstAcceptableAsModelOutput(c).get(0);
            Map<String, Object> function = c.test().functions().stream().filter(f -> good.name().equals(f.get("name"))).findFirst().orElseThrow();

            assertCategory(c, new ToolCall("zz_" + good.name(), good.arguments(), null), BfclErrorCategory.HALLUCINATED_FUNC_NAME);

            String otherName = c.test().functions().stream().map(f -> (String) f.get("name")).filter(n -> !n.equals(good.name())).findFirst().orElse(null);
            if (otherName != null) {
                assertCategory(c, new ToolCall(otherName, good.arguments(), null), BfclErrorCategory.WRONG_FUNC_NAME);
                wrongNameChecked++;
            }

            List<String> required = required(function);
            if (!required.isEmpty()) {
                Map<String, Object> dropped = new LinkedHashMap<>(good.arguments());
                dropped.remove(required.get(0));
                assertCategory(c, new ToolCall(good.name(), dropped, null), BfclErrorCategory.MISSING_REQUIRED_PARAMETER);
                droppedChecked++;

                Map<String, Object> wrongType = new LinkedHashMap<>(good.arguments());
                String type = propertyType(function, required.get(0));
                wrongType.put(required.get(0), "dict".equals(type) ? "not a dict" : Map.of("wrong", "type"));
                assertCategory(c, new ToolCall(good.name(), wrongType, null), BfclErrorCategory.VALUE_ERROR);
            }

            Map<String, Object> extra = new LinkedHashMap<>(good.arguments());
            extra.put("zz_extra_param", 1);
            assertCategory(c, new ToolCall(good.name(), extra, null), BfclErrorCategory.UNEXPECTED_PARAM);

            assertCategory(c, List.of(good, good), BfclErrorCategory.WRONG_FUNC_COUNT);
            assertCategory(c, List.of(), BfclErrorCategory.WRONG_FUNC_COUNT);
        }
        assertThat(droppedChecked).isGreaterThan(150);
        if (category.equals("multiple")) {
            assertThat(wrongNameChecked).isGreaterThan(150);
        }
    }

    private static void assertCategory(Case c, ToolCall call, BfclErrorCategory expected) {
        assertCategory(c, List.of(call), expected);
    }

    private static void assertCategory(Case c, List<ToolCall> calls, BfclErrorCategory expected) {
        BfclCheckResult r = BfclAstChecker.check(c.test(), c.answer(), calls);
        assertThat(r.valid()).as(c.test().id() + " " + calls).isFalse();
        assertThat(r.category()).as(c.test().id() + " " + calls + ": " + r.message()).isEqualTo(expected);
    }

    @SuppressWarnings("unchecked")
    private static List<String> required(Map<String, Object> function) {
        return (List<String>) ((Map<String, Object>) function.get("parameters")).getOrDefault("required", List.of());
    }

    @SuppressWarnings("unchecked")
    private static String propertyType(Map<String, Object> function, String param) {
        Map<String, Object> props = (Map<String, Object>) ((Map<String, Object>) function.get("parameters")).get("properties");
        return (String) ((Map<String, Object>) props.get(param)).get("type");
    }
}
