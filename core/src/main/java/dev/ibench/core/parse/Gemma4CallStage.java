package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gemma 4's calls: {@code <|tool_call>call:NAME{ARGS}<tool_call|>}, where ARGS is Gemma's own dictionary syntax: bare
 * keys, strings between {@code <|"|>} tokens, numbers, {@code true}/{@code false}/{@code null}, lists {@code [..]} and
 * nested dictionaries <code>{..}</code>. Read by a small recursive reader; a call whose arguments do not read is kept
 * with its text as arguments (wrong format).
 */
public final class Gemma4CallStage implements ParseStage {
    private static final String QUOTE = "<|\"|>";
    private static final Pattern CALL = Pattern.compile("<\\|tool_call>\\s*call:([A-Za-z0-9_.\\-]+)(\\{.*?\\})\\s*(?:<tool_call\\|>|\\z)", Pattern.DOTALL);

    @Override
    public String name() {
        return "gemma4_call";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains("<|tool_call>")) {
            return Optional.empty();
        }
        Matcher m = CALL.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            Reader reader = new Reader(m.group(2));
            Object arguments;
            try {
                arguments = reader.value();
                if (!reader.atEnd()) {
                    arguments = m.group(2);
                }
            } catch (IllegalArgumentException e) {
                arguments = m.group(2);
            }
            call.put("arguments", arguments);
            calls.add(call);
        }
        return XmlArgumentValues.calls(calls);
    }

    /** Reads one value of Gemma's dictionary syntax; throws IllegalArgumentException where it is malformed. */
    private static final class Reader {
        private final String s;
        private int pos;

        Reader(String s) {
            this.s = s;
        }

        boolean atEnd() {
            skipSpace();
            return pos == s.length();
        }

        Object value() {
            skipSpace();
            if (s.startsWith(QUOTE, pos)) {
                int end = s.indexOf(QUOTE, pos + QUOTE.length());
                if (end < 0) {
                    throw new IllegalArgumentException("unclosed string");
                }
                String out = s.substring(pos + QUOTE.length(), end);
                pos = end + QUOTE.length();
                return out;
            }
            if (pos < s.length() && s.charAt(pos) == '{') {
                return dictionary();
            }
            if (pos < s.length() && s.charAt(pos) == '[') {
                return list();
            }
            int start = pos;
            while (pos < s.length() && ",}]".indexOf(s.charAt(pos)) < 0) {
                pos++;
            }
            String word = s.substring(start, pos).strip();
            if (word.equals("null")) {
                return null;
            }
            Optional<Object> scalar = JsonText.readIfJsonLike(word);
            if (word.isEmpty() || scalar.isEmpty()) {
                throw new IllegalArgumentException("not a value: " + word);
            }
            return scalar.get();
        }

        private Map<String, Object> dictionary() {
            Map<String, Object> out = new LinkedHashMap<>();
            pos++;
            while (!consume('}')) {
                skipSpace();
                int colon = s.indexOf(':', pos);
                if (colon < 0) {
                    throw new IllegalArgumentException("key without value");
                }
                String key = s.substring(pos, colon).strip().replace(QUOTE, "");
                pos = colon + 1;
                out.put(key, value());
                consume(',');
            }
            return out;
        }

        private List<Object> list() {
            List<Object> out = new ArrayList<>();
            pos++;
            while (!consume(']')) {
                out.add(value());
                consume(',');
            }
            return out;
        }

        private boolean consume(char c) {
            skipSpace();
            if (pos >= s.length()) {
                throw new IllegalArgumentException("unclosed");
            }
            if (s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }
    }
}
