package dev.ibench.core.bfcl;

import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Python's reading of text where BFCL's Java and JavaScript literal converters rely on it: {@code str.strip()},
 * {@code int(s)} and {@code float(s)} (signs, surrounding whitespace, {@code _} between digits, any Unicode digit,
 * {@code inf} / {@code nan}), and a {@code re} pattern's flags ({@code $} also before a final {@code \n}, {@code \d}
 * any Unicode digit).
 */
final class PythonText {
    /** The flags that make a java.util.regex pattern read like Python's {@code re} without flags. */
    static final int RE = Pattern.UNIX_LINES | Pattern.UNICODE_CHARACTER_CLASS;
    private static final Pattern INT = Pattern.compile("[+-]?\\d(?:_?\\d)*", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern FLOAT = Pattern.compile(
            "[+-]?(?:(?:\\d(?:_?\\d)*(?:\\.(?:\\d(?:_?\\d)*)?)?|\\.\\d(?:_?\\d)*)(?:[eE][+-]?\\d(?:_?\\d)*)?|inf|infinity|nan)",
            Pattern.UNICODE_CHARACTER_CLASS | Pattern.CASE_INSENSITIVE);

    private PythonText() {}

    static boolean isSpace(int c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == 0x85;
    }

    static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    /** {@code s.strip(chars)}. */
    static String strip(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(start, end);
    }

    /** Python's {@code s[1:-1]}. */
    static String inner(String s) {
        return s.length() <= 2 ? "" : s.substring(1, s.length() - 1);
    }

    /** Python's {@code int(s)}: a Long, or a BigInteger when it does not fit; empty where Python raises. */
    static Optional<Number> toInt(String s) {
        String t = strip(s);
        if (!INT.matcher(t).matches()) {
            return Optional.empty();
        }
        BigInteger n = new BigInteger(ascii(t));
        return Optional.of(n.bitLength() < 64 ? (Number) n.longValue() : n);
    }

    /** Python's {@code float(s)}; empty where Python raises. */
    static Optional<Double> toFloat(String s) {
        String t = strip(s);
        if (!FLOAT.matcher(t).matches()) {
            return Optional.empty();
        }
        String a = ascii(t).toLowerCase(java.util.Locale.ROOT);
        String unsigned = a.replaceFirst("^[+-]", "");
        boolean negative = a.startsWith("-");
        if (unsigned.equals("inf") || unsigned.equals("infinity")) {
            return Optional.of(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        }
        if (unsigned.equals("nan")) {
            return Optional.of(Double.NaN);
        }
        return Optional.of(Double.parseDouble(a));
    }

    /** Digits as ASCII, underscores dropped. */
    private static String ascii(String t) {
        StringBuilder out = new StringBuilder();
        t.codePoints().forEach(c -> {
            if (c == '_') {
                return;
            }
            int d = Character.isDigit(c) ? Character.digit(c, 10) : -1;
            out.append(d >= 0 ? (char) ('0' + d) : (char) c);
        });
        return out.toString();
    }

    /** Python's {@code int(s)}, else {@code float(s)}, else the text: how BFCL's literal parsers read a bare value. */
    static Object number(String s) {
        return toInt(s).map(n -> (Object) n).or(() -> toFloat(s).map(d -> (Object) d)).orElse(s);
    }
}
