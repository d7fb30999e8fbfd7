package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Llama 3.x native calls: every top-level JSON object in the text with a string {@code name} and either
 * {@code "type": "function"} or a {@code parameters} object, in order, whatever lies between them. Llama writes
 * {@code {"type": "function", "name": ..., "parameters": {...}}} objects one after another, separated by newlines,
 * {@code ;}, commas or stray quote characters, sometimes quoted as a whole with its quotes escaped. A call nested as
 * an argument value stays inside its outer call. Objects in other layouts ({@code {name, arguments}}) are left to the
 * JSON stages, so a run-on output that repeats the prompt (seed 000 appendix H) is not read as calls here.
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

    private static List<Object> objects(String text) {
        List<Object> calls = new ArrayList<>();
        int i = 0;
        while ((i = text.indexOf('{', i)) >= 0) {
            int end = matchingBrace(text, i);
            if (end < 0) {
                break;
            }
            Optional<Object> value = JsonText.readStructure(text.substring(i, end + 1));
            if (value.isPresent() && value.get() instanceof Map<?, ?> map && isLlamaCall(map)) {
                calls.add(map);
                i = end + 1;
            } else {
                i++;
            }
        }
        return calls;
    }

    /** The index of the brace closing the one at {@code open}, skipping braces inside strings; -1 if unclosed. */
    private static int matchingBrace(String text, int open) {
        int depth = 0;
        boolean inString = false;
        for (int j = open; j < text.length(); j++) {
            char c = text.charAt(j);
            if (inString) {
                if (c == '\\') {
                    j++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return j;
            }
        }
        return -1;
    }
}
