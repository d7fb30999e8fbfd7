package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference's REST parser for DeepSeek, GPT and Hammer models ({@code parse_deepseek_output_rest}): the first
 * fenced block of the prepared output ({@link ReferenceRestText}, wrapped in brackets), {@code ```json} for DeepSeek and
 * GPT, any {@code ```} for Hammer, read as JSON. No block, no JSON, or a non-empty object instead of a list is a parsing
 * error (nothing predicted); a list whose first item is not an object predicts nothing.
 */
public final class ReferenceRestFencedStage implements ParseStage {
    private static final Pattern JSON_FENCE = Pattern.compile("```json\\s*(.*?)\\s*```", Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern ANY_FENCE = Pattern.compile("```\\s*(.*?)\\s*```", Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS);

    private final String family;
    private final Pattern fence;

    private ReferenceRestFencedStage(String family, Pattern fence) {
        this.family = family;
        this.fence = fence;
    }

    static ReferenceRestFencedStage deepSeek() {
        return new ReferenceRestFencedStage("deepseek", JSON_FENCE);
    }

    static ReferenceRestFencedStage gpt() {
        return new ReferenceRestFencedStage("gpt", JSON_FENCE);
    }

    static ReferenceRestFencedStage hammer() {
        return new ReferenceRestFencedStage("hammer", ANY_FENCE);
    }

    @Override
    public String name() {
        return "ibm_reference_rest_" + family;
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = fence.matcher(ReferenceRestText.prepared(text, true));
        if (!m.find()) {
            return Optional.empty();
        }
        Optional<Object> value = ReferenceJsonReader.loads(m.group(1));
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Object v = value.get();
        if (v instanceof Map<?, ?> map) {
            return map.isEmpty() ? ReferenceCallDecisions.decide(List.of(), false) : Optional.empty();
        }
        if (!(v instanceof List<?> list)) {
            // a string's first character is no object (nothing predicted); a number has no length (an error)
            return v instanceof String ? ReferenceCallDecisions.decide(List.of(), false) : Optional.empty();
        }
        List<Object> items = new ArrayList<>(list);
        return ReferenceCallDecisions.decide(!items.isEmpty() && !(items.get(0) instanceof Map<?, ?>) ? List.of() : items, false);
    }
}
