package dev.ibench.core.parse;

/**
 * How the reference's REST parsers ({@code scoring_helper_rest.py}) prepare an output before reading it: stripped, one
 * trailing {@code '} dropped, and (except for Qwen) wrapped in {@code [} and {@code ]} where those are missing.
 */
final class ReferenceRestText {
    private ReferenceRestText() {}

    static String prepared(String text, boolean wrapInBrackets) {
        String t = text.strip();
        if (t.endsWith("'")) {
            t = t.substring(0, t.length() - 1);
        }
        if (wrapInBrackets) {
            t = t.startsWith("[") ? t : "[" + t;
            t = t.endsWith("]") ? t : t + "]";
        }
        return t;
    }
}
