package dev.ibench.core.rest;

import java.util.Locale;

/** Identifier text for endpoint and parameter names: lower snake case, ASCII letters, digits and underscores. */
final class Names {
    private Names() {}

    static String snake(String s) {
        if (s == null) return "";
        String t = s.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (!t.isEmpty() && Character.isDigit(t.charAt(0))) t = "n_" + t;
        return t;
    }

    static String title(String snake) {
        StringBuilder sb = new StringBuilder();
        for (String w : snake.split("_")) {
            if (w.isEmpty()) continue;
            if (sb.length() > 0) sb.append(' ');
            sb.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return sb.toString();
    }

    /** Cuts {@code s} to at most {@code max} characters at an underscore where possible. */
    static String truncate(String s, int max) {
        if (s.length() <= max) return s;
        String cut = s.substring(0, max);
        int u = cut.lastIndexOf('_');
        if (u > max / 2) cut = cut.substring(0, u);
        return cut.replaceAll("(_(by|and|per|highest|lowest))+_*$|_+$", "");
    }
}
