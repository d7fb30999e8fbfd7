package dev.ibench.core.metrics;

import dev.ibench.core.parse.ParseStatus;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.ToolCall;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Assigns a direct-invocation sample (gold sequence + tool list) its BFCL error category, seed 000 appendix H.1.1,
 * checking in order of precedence and stopping at the first that applies:
 * <ol>
 *   <li>instruction_alignment_failure: nothing parseable in the output (or nothing but reasoning);</li>
 *   <li>wrong_func_format: parseable, but not a list of {name, arguments} objects (checked before the count, because
 *       a wrongly formatted output has no countable calls);</li>
 *   <li>wrong_func_count: number of calls differs from the gold sequence;</li>
 *   <li>hallucinated_func_name: a predicted name is not in the sample's tool list (skipped when the sample has no tools);</li>
 *   <li>wrong_func_name: names differ from the gold names at some position;</li>
 *   <li>missing_required_parameter: a call lacks an argument the gold call at that position has;</li>
 *   <li>unexpected_param: a call has an argument the gold call at that position does not have;</li>
 *   <li>value_error: an argument's value differs ({@link PythonValueText} comparison).</li>
 * </ol>
 */
public final class SequenceErrorClassifier {
    private SequenceErrorClassifier() {}

    public static ErrorClassification classify(ParsedOutput parsed, List<ToolCall> gold, List<Map<String, Object>> tools) {
        if (parsed.status() == ParseStatus.UNPARSEABLE || parsed.status() == ParseStatus.REASONING_ONLY) {
            return new ErrorClassification(BfclErrorCategory.INSTRUCTION_ALIGNMENT_FAILURE, parsed.problem());
        }
        if (parsed.status() == ParseStatus.WRONG_FORMAT) {
            return new ErrorClassification(BfclErrorCategory.WRONG_FUNC_FORMAT, parsed.problem());
        }
        List<ToolCall> predicted = parsed.calls();
        if (predicted.size() != gold.size()) {
            return new ErrorClassification(BfclErrorCategory.WRONG_FUNC_COUNT,
                    "predicted " + predicted.size() + " calls, gold has " + gold.size());
        }
        return hallucinatedName(predicted, toolNames(tools))
                .or(() -> wrongName(predicted, gold))
                .or(() -> missingArgument(predicted, gold))
                .or(() -> unexpectedArgument(predicted, gold))
                .or(() -> wrongValue(predicted, gold))
                .orElse(ErrorClassification.NONE);
    }

    /** The names in the tool list, each tool given as {@code {name}} or {@code {function: {name}}}. */
    private static Set<String> toolNames(List<Map<String, Object>> tools) {
        Set<String> toolNames = new HashSet<>();
        tools.forEach(t -> {
            Object name = t.get("name");
            if (name == null && t.get("function") instanceof Map<?, ?> f) {
                name = f.get("name");
            }
            if (name != null) {
                toolNames.add(String.valueOf(name));
            }
        });
        return toolNames;
    }

    private static Optional<ErrorClassification> hallucinatedName(List<ToolCall> predicted, Set<String> toolNames) {
        if (!toolNames.isEmpty()) {
            for (ToolCall call : predicted) {
                if (!toolNames.contains(call.name())) {
                    return Optional.of(new ErrorClassification(BfclErrorCategory.HALLUCINATED_FUNC_NAME,
                            "'" + call.name() + "' is not in the tool list"));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ErrorClassification> wrongName(List<ToolCall> predicted, List<ToolCall> gold) {
        for (int i = 0; i < gold.size(); i++) {
            if (!gold.get(i).name().equals(predicted.get(i).name())) {
                return Optional.of(new ErrorClassification(BfclErrorCategory.WRONG_FUNC_NAME,
                        "call " + i + ": predicted '" + predicted.get(i).name() + "', gold '" + gold.get(i).name() + "'"));
            }
        }
        return Optional.empty();
    }

    private static Optional<ErrorClassification> missingArgument(List<ToolCall> predicted, List<ToolCall> gold) {
        for (int i = 0; i < gold.size(); i++) {
            for (String key : gold.get(i).arguments().keySet()) {
                if (!predicted.get(i).arguments().containsKey(key)) {
                    return Optional.of(new ErrorClassification(BfclErrorCategory.MISSING_REQUIRED_PARAMETER,
                            "call " + i + " (" + gold.get(i).name() + "): missing argument '" + key + "'"));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ErrorClassification> unexpectedArgument(List<ToolCall> predicted, List<ToolCall> gold) {
        for (int i = 0; i < gold.size(); i++) {
            for (String key : predicted.get(i).arguments().keySet()) {
                if (!gold.get(i).arguments().containsKey(key)) {
                    return Optional.of(new ErrorClassification(BfclErrorCategory.UNEXPECTED_PARAM,
                            "call " + i + " (" + gold.get(i).name() + "): unexpected argument '" + key + "'"));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ErrorClassification> wrongValue(List<ToolCall> predicted, List<ToolCall> gold) {
        for (int i = 0; i < gold.size(); i++) {
            for (Map.Entry<String, Object> e : gold.get(i).arguments().entrySet()) {
                String expected = PythonValueText.str(e.getValue());
                String actual = PythonValueText.str(predicted.get(i).arguments().get(e.getKey()));
                if (!expected.equals(actual)) {
                    return Optional.of(new ErrorClassification(BfclErrorCategory.VALUE_ERROR,
                            "call " + i + " (" + gold.get(i).name() + "): " + e.getKey() + " = " + actual + ", gold " + expected));
                }
            }
        }
        return Optional.empty();
    }
}
