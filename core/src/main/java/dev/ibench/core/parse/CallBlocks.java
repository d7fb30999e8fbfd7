package dev.ibench.core.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The places in a text where calls stand: every top-level JSON object that is, or holds, an object with a string
 * {@code name}, with its span. Two such blocks with prose between them (a letter or digit in the gap) are the shape of
 * an output that offers a call, says in words that it is wrong or not enough, and offers other calls: no stage reads
 * such an output as calls (docs/output-parsing.md, "Calls separated by prose").
 * <p>Work stays linear in the text however deeply it nests: each brace's partner is found once (a scan records the
 * partners of the braces it passes), objects are parsed in place, and an object that does not parse is searched for
 * inner objects instead.
 */
final class CallBlocks {
    /** Objects nested deeper than this are not parsed whole (no call nests so deep); their inner objects still are. */
    private static final int MAX_CALL_DEPTH = 64;

    /** A parsed top-level object holding a named object, from {@code start} to {@code end} (inclusive). */
    record Block(int start, int end, Object value) {}

    private CallBlocks() {}

    static List<Block> find(String text) {
        char[] chars = text.toCharArray();
        Map<Integer, int[]> closing = new HashMap<>();
        List<Block> blocks = new ArrayList<>();
        int i = 0;
        while ((i = text.indexOf('{', i)) >= 0) {
            int[] known = closing.get(i);
            int[] span = known != null ? known : matchingBrace(chars, i, closing);
            if (span == null) {
                break;
            }
            int end = span[0];
            if (span[1] > MAX_CALL_DEPTH) {
                i++;
                continue;
            }
            Optional<Object> value = JsonText.readStructure(chars, i, end + 1 - i);
            if (value.isPresent()) {
                if (holdsNamedObject(value.get())) {
                    blocks.add(new Block(i, end, value.get()));
                }
                i = end + 1;
            } else {
                i++;
            }
        }
        return blocks;
    }

    /** True when some gap between consecutive blocks holds a letter or digit (words, not separators or stray quotes). */
    static boolean separatedByProse(String text, List<Block> blocks) {
        for (int b = 1; b < blocks.size(); b++) {
            for (int j = blocks.get(b - 1).end() + 1; j < blocks.get(b).start(); j++) {
                if (Character.isLetterOrDigit(text.charAt(j))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when the text outside {@code [start, end)} holds a call block. */
    static boolean callOutside(String text, int start, int end) {
        return !find(text.substring(0, start)).isEmpty() || !find(text.substring(end)).isEmpty();
    }

    private static boolean holdsNamedObject(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.get("name") instanceof String || map.values().stream().anyMatch(CallBlocks::holdsNamedObject);
        }
        return value instanceof List<?> list && list.stream().anyMatch(CallBlocks::holdsNamedObject);
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
