package dev.ibench.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reference's REST parser for every other model ({@code parse_llm_out_rest_dataset}): in the prepared output
 * ({@link ReferenceRestText}, wrapped in brackets), the rest of the last line after its first {@code <tool_call>[},
 * with Python's {@code unicode_escape} applied to its UTF-8 bytes; in that, every non-overlapping
 * {@code {"name": "N", "arguments": {...}}} (the pattern recurses into itself for nested braces, so arguments may hold
 * only such calls as nested objects) is a call, its arguments read as JSON or kept as text. No {@code <tool_call>[}
 * predicts nothing; a bad escape (a trailing backslash, a short {@code \x}) is a parsing error, and so is a named
 * escape {@code \N{...}} here (Python looks the name up).
 */
public final class ReferenceRestToolCallStage implements ParseStage {
    private static final String MARK = "<tool_call>[";
    /** Calls nested deeper than this are not matched (no real call nests so deep; the recursion needs a bound). */
    private static final int MAX_DEPTH = 200;

    @Override
    public String name() {
        return "ibm_reference_rest_other";
    }

    @Override
    public Optional<Object> extract(String text) {
        String prepared = ReferenceRestText.prepared(text, true);
        String lastLine = prepared.substring(prepared.lastIndexOf('\n') + 1);
        int at = lastLine.indexOf(MARK);
        Optional<String> unescaped = unicodeEscape(at < 0 ? "" : lastLine.substring(at + MARK.length()));
        if (unescaped.isEmpty()) {
            return Optional.empty();
        }
        String s = unescaped.get();
        Map<Integer, Integer> ends = new HashMap<>();
        List<Object> calls = new ArrayList<>();
        int i = 0;
        while ((i = s.indexOf('{', i)) >= 0) {
            int end = call(s, i, ends, 0);
            if (end < 0) {
                i++;
                continue;
            }
            int nameStart = s.indexOf('"', i + "{\"name\":".length()) + 1;
            String name = s.substring(nameStart, s.indexOf('"', nameStart));
            int argsStart = s.indexOf('{', s.indexOf("\"arguments\":", nameStart) + "\"arguments\":".length());
            String args = s.substring(argsStart, end - 1);
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", name);
            call.put("arguments", ReferenceJsonReader.loads(args).orElse(args));
            calls.add(call);
            i = end;
        }
        return ReferenceCallDecisions.decide(calls, false);
    }

    /**
     * Where {@code {"name":\s*"[^"]+"\s*,\s*"arguments":\s*\{(?:[^{}]+|(?R))*\}\}} matched at {@code i} ends
     * (exclusive), or -1. Memoised per start, so nested attempts are made once.
     */
    private static int call(String s, int i, Map<Integer, Integer> ends, int depth) {
        Integer known = ends.get(i);
        if (known != null) {
            return known;
        }
        if (depth > MAX_DEPTH) {
            return -1;
        }
        int end = match(s, i, ends, depth);
        ends.put(i, end);
        return end;
    }

    private static int match(String s, int i, Map<Integer, Integer> ends, int depth) {
        int p = literal(s, i, "{\"name\":");
        p = p < 0 ? -1 : literal(s, spaces(s, p), "\"");
        if (p < 0) {
            return -1;
        }
        int quote = s.indexOf('"', p);
        if (quote <= p) {
            return -1;
        }
        p = literal(s, spaces(s, quote + 1), ",");
        p = p < 0 ? -1 : literal(s, spaces(s, p), "\"arguments\":");
        p = p < 0 ? -1 : literal(s, spaces(s, p), "{");
        while (p >= 0 && p < s.length() && s.charAt(p) != '}') {
            if (s.charAt(p) == '{') {
                p = call(s, p, ends, depth + 1);
            } else {
                while (p < s.length() && s.charAt(p) != '{' && s.charAt(p) != '}') {
                    p++;
                }
            }
        }
        if (p < 0 || p >= s.length()) {
            return -1;
        }
        return literal(s, p + 1, "}");
    }

    private static int literal(String s, int p, String expected) {
        return s.startsWith(expected, p) ? p + expected.length() : -1;
    }

    private static int spaces(String s, int p) {
        while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
            p++;
        }
        return p;
    }

    /** Python's {@code text.encode().decode("unicode_escape")}; empty where it raises. */
    static Optional<String> unicodeEscape(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            char c = (char) (bytes[i] & 0xff);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= bytes.length) {
                return Optional.empty();
            }
            char e = (char) (bytes[i] & 0xff);
            switch (e) {
                case '\n' -> { }
                case '\\', '\'', '"' -> out.append(e);
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'v' -> out.append('\u000b');
                case 'x', 'u', 'U' -> {
                    int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                    if (i + digits > bytes.length - 1) {
                        return Optional.empty();
                    }
                    String hex = new String(bytes, i + 1, digits, StandardCharsets.ISO_8859_1);
                    if (!hex.chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
                        return Optional.empty();
                    }
                    int cp = (int) Long.parseLong(hex, 16);
                    if (cp > Character.MAX_CODE_POINT) {
                        return Optional.empty();
                    }
                    out.appendCodePoint(cp);
                    i += digits;
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int value = e - '0';
                        int n = 1;
                        while (n < 3 && i + 1 < bytes.length && bytes[i + 1] >= '0' && bytes[i + 1] <= '7') {
                            value = value * 8 + (bytes[++i] - '0');
                            n++;
                        }
                        out.append((char) value);
                    } else if (e == 'N') {
                        return Optional.empty();
                    } else {
                        out.append('\\').append(e);
                    }
                }
            }
        }
        return Optional.of(out.toString());
    }
}
