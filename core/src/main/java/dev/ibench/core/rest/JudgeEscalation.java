package dev.ibench.core.rest;

import java.util.List;

/**
 * When a deterministic mismatch goes to the LLM judge: only when the endpoint's rows and the gold rows differ in
 * format, not in content that the deterministic judge can already compare. That is a different number of columns
 * (an extra id, a split name), or the same shape with a cell whose type differs from the gold cell's (a number
 * rendered as text, a ratio as a percentage string). Same shape and same types with different values is a plain
 * mismatch; a failed or truncated execution never reaches a judge.
 */
public final class JudgeEscalation {
    private JudgeEscalation() {}

    public static boolean formatsDiffer(List<List<Object>> goldRows, EndpointResult response) {
        if (response.truncated() || response.rows().isEmpty() || goldRows.isEmpty()) return false;
        int goldWidth = goldRows.get(0).size();
        if (response.columns().size() != goldWidth) return true;
        if (response.rows().size() != goldRows.size()) return false;
        for (int r = 0; r < goldRows.size(); r++) {
            List<Object> gold = goldRows.get(r);
            List<Object> got = response.rows().get(r);
            for (int c = 0; c < Math.min(gold.size(), got.size()); c++) {
                if (kind(gold.get(c)) != kind(got.get(c))) return true;
            }
        }
        return false;
    }

    private enum Kind { NULL, NUMBER, TEXT, OTHER }

    private static Kind kind(Object v) {
        if (v == null) return Kind.NULL;
        if (v instanceof Number) return Kind.NUMBER;
        if (v instanceof CharSequence) return Kind.TEXT;
        return Kind.OTHER;
    }
}
