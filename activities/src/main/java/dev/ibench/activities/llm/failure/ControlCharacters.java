package dev.ibench.activities.llm.failure;

/**
 * Escapes the control characters of text an endpoint sent before it reaches a terminal or a log: a NUL, a bell or an
 * ANSI escape sequence in a malformed answer would otherwise act on the user's terminal instead of being read.
 */
public final class ControlCharacters {
    private ControlCharacters() {}

    /** {@code text} with every control character but line feed and tab written as {@code \\uXXXX}; null stays null. */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) && c != '\n' && c != '\t';
            if (control && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (control) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
