package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Llama 3.x native calls: every top-level JSON object in the text with a string {@code name} and either
 * {@code "type": "function"} or a {@code parameters} object, in order. Llama writes
 * {@code {"type": "function", "name": ..., "parameters": {...}}} objects one after another, separated by newlines,
 * {@code ;}, commas or stray quote characters, sometimes quoted as a whole with its quotes escaped. A call nested as
 * an argument value stays inside its outer call. Objects in other layouts ({@code {name, arguments}}) are left to the
 * JSON stages, so a run-on output that repeats the prompt (seed 000 appendix H) is not read as calls here. Calls
 * with prose between them are not read at all (the model offers a call, says it is wrong, offers others).
 */
public final class LlamaJsonStage implements ParseStage {
    private static final String ESCAPED_QUOTE = "\\\"";

    @Override
    public String name() {
        return "llama_json";
    }

    @Override
    public Optional<Object> extract(String text) {
        List<Object> calls = objects(text);
        if (calls.isEmpty() && text.contains(ESCAPED_QUOTE)) {
            calls = objects(text.replace(ESCAPED_QUOTE, "\""));
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }

    private static boolean isLlamaCall(Map<?, ?> map) {
        return map.get("name") instanceof String && ("function".equals(map.get("type")) || map.get("parameters") instanceof Map<?, ?>);
    }

    /**
     * The calls among the text's call blocks, in order; none when prose stands between two blocks
     * ({@link CallBlocks#separatedByProse}).
     */
    private static List<Object> objects(String text) {
        List<CallBlocks.Block> blocks = CallBlocks.find(text);
        if (CallBlocks.separatedByProse(text, blocks)) {
            return List.of();
        }
        List<Object> calls = new ArrayList<>();
        blocks.forEach(b -> collectCalls(b.value(), calls));
        return calls;
    }

    /** The outermost calls in a parsed value, depth first: a call nested as an argument value stays inside its outer call. */
    private static void collectCalls(Object value, List<Object> calls) {
        if (value instanceof Map<?, ?> map) {
            if (isLlamaCall(map)) {
                calls.add(map);
            } else {
                map.values().forEach(v -> collectCalls(v, calls));
            }
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collectCalls(v, calls));
        }
    }
}
