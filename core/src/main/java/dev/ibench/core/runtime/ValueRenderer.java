package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/** Short text rendering of a tool result for observations (tables are summarised, long lists abbreviated). */
final class ValueRenderer {
    private static final int MAX_ITEMS = 20;

    private ValueRenderer() {}

    static String render(String label, Object value) {
        if (value instanceof Table t) {
            return "$" + label + "$: table with " + t.size() + " rows; keys: " + DataKeys.abbreviate(t.columns()) + preview(t);
        }
        if (value instanceof GroupedTable g) {
            return "$" + label + "$: " + g.groups().size() + " groups by " + g.groupKeys() + "; keys: " + DataKeys.abbreviate(g.columns());
        }
        if (value instanceof List<?> l) {
            List<Object> shown = new ArrayList<>(l.subList(0, Math.min(MAX_ITEMS, l.size())));
            return "$" + label + "$: " + shown + (l.size() > MAX_ITEMS ? " ... (" + l.size() + " items)" : "");
        }
        return "$" + label + "$: " + value;
    }

    private static String preview(Table t) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(3, t.size());
        for (int i = 0; i < n; i++) sb.append(i == 0 ? "; first rows: " : ", ").append(java.util.Arrays.toString(t.rows().get(i)));
        return sb.toString();
    }
}
