package dev.ibench.core.campaign;

/**
 * A name a user gave (a campaign, model or benchmark name) as safe to print on a terminal or in a report: control and
 * format characters (terminal escapes, bell, bidi overrides, line separators) become {@code \\uXXXX}, so a name is
 * shown as text and never acted on by the terminal.
 */
public final class EscapedText {
    private EscapedText() {}

    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (unsafe(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean unsafe(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }
}
