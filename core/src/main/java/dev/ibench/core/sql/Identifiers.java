package dev.ibench.core.sql;

/** Removes SQL identifier quoting: backticks, double quotes and square brackets. */
public final class Identifiers {
    private Identifiers() {}

    public static String unquote(String s) {
        if (s == null || s.length() < 2) return s;
        char a = s.charAt(0);
        char b = s.charAt(s.length() - 1);
        if ((a == '`' && b == '`') || (a == '"' && b == '"') || (a == '[' && b == ']')) return s.substring(1, s.length() - 1);
        return s;
    }

    public static boolean isDoubleQuoted(String s) {
        return s != null && s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"");
    }
}
