package dev.ibench.core.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
    /** Objects nested deeper than this are not parsed whole (no call nests so deep); their inner objects still are. */
    private static final int MAX_CALL_DEPTH = 64;

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
     * The calls among the text's objects, in order. Work stays linear in the text however deeply it nests: each
     * brace's partner is found once (a scan records the partners of the braces it passes), objects are parsed in
     * place, and a well-formed object that is not a call is searched as a parsed tree instead of re-scanned.
     */
    private static List<Object> objects(String text) {
        char[] chars = text.toCharArray();
        Map<Integer, int[]> closing = new HashMap<>();
        List<Object> calls = new ArrayList<>();
        int i = 0;
        while ((i = text.indexOf('{', i)) >= 0) {
            int[] known = closing.get(i);
            int[] span = known != null ? known : matchingBrace(chars, i, closing);
            if (span == null) {
                break;
            }
            int end = span[0];
            if (span[1] > MAX_CALL_DEPTH) {
                i++; // no call nests this deep: look inside instead of parsing the whole
                continue;
            }
            Optional<Object> value = JsonText.readStructure(chars, i, end + 1 - i);
            if (value.isPresent()) {
                collectCalls(value.get(), calls);
                i = end + 1;
            } else {
                i++;
            }
        }
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

    /**
     * The index of the brace closing the one at {@code open} and the object's nesting depth, skipping braces inside
     * strings; null if unclosed. Records both for every brace closed on the way: a scan from an inner brace would find
     * the same.
     */
    private static int[] matchingBrace(char[] text, int open, Map<Integer, int[]> closing) {
        Deque<int[]> opens = new ArrayDeque<>(); // {position, deepest nesting inside so far}
        boolean inString = false;
        for (int j = open; j < text.length; j++) {
            char c = text[j];
            if (inString) {
                if (c == '\\') {
                    j++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                opens.push(new int[] {j, 0});
            } else if (c == '}') {
                int[] closed = opens.pop();
                int[] span = {j, closed[1] + 1};
                closing.put(closed[0], span);
                if (opens.isEmpty()) {
                    return span;
                }
                opens.peek()[1] = Math.max(opens.peek()[1], span[1]);
            }
        }
        return null;
    }
}
