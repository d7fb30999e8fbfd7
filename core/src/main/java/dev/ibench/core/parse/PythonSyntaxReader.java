package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small recursive-descent reader for the Python subset models write: literals (str, int, float, True, False,
 * None, list, tuple, dict) and calls {@code name(a=1, b="x")} with dotted names. Throws
 * {@link IllegalArgumentException} on anything else; callers turn that into "stage did not match".
 */
final class PythonSyntaxReader {
    private final String text;
    private int pos;
    private int depth;

    private PythonSyntaxReader(String text) {
        this.text = text;
    }

    /** {@code [f(a=1), g()]} or {@code f(a=1), g()} or a single call: returns {@code [{name, arguments}]}. */
    static List<Object> readCallList(String source) {
        PythonSyntaxReader r = new PythonSyntaxReader(source.strip());
        boolean bracketed = r.peek() == '[';
        if (bracketed) {
            r.pos++;
        }
        List<Object> calls = new ArrayList<>();
        r.skipSpace();
        while (r.pos < r.text.length() && r.peek() != ']') {
            calls.add(r.readCall());
            if (!r.skipComma()) {
                break;
            }
        }
        if (bracketed) {
            r.expect(']');
        }
        r.expectEnd();
        if (calls.isEmpty() && !bracketed) {
            throw new IllegalArgumentException("no call");
        }
        return calls;
    }

    static Object readLiteral(String source) {
        PythonSyntaxReader r = new PythonSyntaxReader(source.strip());
        Object value = r.readValue();
        r.expectEnd();
        return value;
    }

    private Map<String, Object> readCall() {
        String name = readDottedName();
        skipSpace();
        expect('(');
        Map<String, Object> arguments = new LinkedHashMap<>();
        skipSpace();
        int positional = 0;
        while (peek() != ')') {
            int mark = pos;
            String key = null;
            if (Character.isJavaIdentifierStart(peek())) {
                String ident = readIdentifier();
                skipSpace();
                if (peek() == '=' && peekAt(1) != '=') {
                    pos++;
                    key = ident;
                } else {
                    pos = mark;
                }
            }
            skipSpace();
            Object value = readValue();
            arguments.put(key != null ? key : "arg_" + positional++, value);
            if (!skipComma()) {
                break;
            }
        }
        expect(')');
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", name);
        call.put("arguments", arguments);
        return call;
    }

    /** Values nest at most this deep: deeper text is refused instead of overflowing the stack (recursive descent). */
    private static final int MAX_DEPTH = 200;

    private Object readValue() {
        if (++depth > MAX_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_DEPTH + " at " + pos);
        }
        try {
            return readValueAtDepth();
        } finally {
            depth--;
        }
    }

    private Object readValueAtDepth() {
        skipSpace();
        char c = peek();
        if (c == '"' || c == '\'') {
            return readString();
        }
        if (c == '[') {
            return readSequence('[', ']');
        }
        if (c == '(') {
            return readSequence('(', ')');
        }
        if (c == '{') {
            return readDict();
        }
        if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
            return readNumber();
        }
        if (Character.isJavaIdentifierStart(c)) {
            int mark = pos;
            String ident = readDottedName();
            switch (ident) {
                case "True", "true": return Boolean.TRUE;
                case "False", "false": return Boolean.FALSE;
                case "None", "null": return null;
                default:
                    pos = mark;
                    skipSpace();
                    int save = pos;
                    readDottedName();
                    skipSpace();
                    if (peek() == '(') {
                        pos = save;
                        return readCall();
                    }
                    throw new IllegalArgumentException("bare name " + ident + " at " + mark);
            }
        }
        throw new IllegalArgumentException("unexpected '" + c + "' at " + pos);
    }

    /** After an item: skips the comma that separates it from the next and the space around; false where none follows. */
    private boolean skipComma() {
        skipSpace();
        if (peek() != ',') {
            return false;
        }
        pos++;
        skipSpace();
        return true;
    }

    private List<Object> readSequence(char open, char close) {
        expect(open);
        List<Object> items = new ArrayList<>();
        skipSpace();
        while (peek() != close) {
            items.add(readValue());
            if (!skipComma()) {
                break;
            }
        }
        expect(close);
        return items;
    }

    private Map<String, Object> readDict() {
        expect('{');
        Map<String, Object> map = new LinkedHashMap<>();
        skipSpace();
        while (peek() != '}') {
            Object key = readValue();
            skipSpace();
            expect(':');
            map.put(String.valueOf(key), readValue());
            if (!skipComma()) {
                break;
            }
        }
        expect('}');
        return map;
    }

    private String readString() {
        char quote = text.charAt(pos);
        boolean triple = text.startsWith(String.valueOf(quote).repeat(3), pos);
        pos += triple ? 3 : 1;
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length()) {
                char e = text.charAt(pos + 1);
                pos += 2;
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> sb.append(e);
                }
                continue;
            }
            if (c == quote && (!triple || text.startsWith(String.valueOf(quote).repeat(3), pos))) {
                pos += triple ? 3 : 1;
                return sb.toString();
            }
            sb.append(c);
            pos++;
        }
        throw new IllegalArgumentException("unterminated string");
    }

    private Object readNumber() {
        int start = pos;
        if (peek() == '-' || peek() == '+') {
            pos++;
        }
        while (pos < text.length() && (Character.isDigit(peek()) || "._eE".indexOf(peek()) >= 0
                || ((peek() == '-' || peek() == '+') && (text.charAt(pos - 1) == 'e' || text.charAt(pos - 1) == 'E')))) {
            pos++;
        }
        String literal = text.substring(start, pos).replace("_", "");
        if (literal.matches("[-+]?\\d+")) {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException e) {
                return new java.math.BigInteger(literal);
            }
        }
        try {
            return Double.parseDouble(literal);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad number " + literal);
        }
    }

    private String readDottedName() {
        StringBuilder sb = new StringBuilder(readIdentifier());
        while (peek() == '.' && pos + 1 < text.length() && Character.isJavaIdentifierStart(text.charAt(pos + 1))) {
            pos++;
            sb.append('.').append(readIdentifier());
        }
        return sb.toString();
    }

    private String readIdentifier() {
        skipSpace();
        int start = pos;
        if (pos >= text.length() || !Character.isJavaIdentifierStart(peek())) {
            throw new IllegalArgumentException("identifier expected at " + pos);
        }
        while (pos < text.length() && (Character.isJavaIdentifierPart(peek()) || peek() == '-')) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private char peekAt(int offset) {
        return pos + offset < text.length() ? text.charAt(pos + offset) : '\0';
    }

    private void expect(char c) {
        skipSpace();
        if (peek() != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + pos);
        }
        pos++;
    }

    private void expectEnd() {
        skipSpace();
        if (pos != text.length()) {
            throw new IllegalArgumentException("trailing text at " + pos);
        }
    }
}
