package dev.ibench.core.tools;

/** PAPER: the seed's operations only. EXTENDED: adds the operations for OR, IN, NULL tests, subqueries, CASE counts, arithmetic and set operations. */
public enum BuildMode {
    PAPER, EXTENDED;

    public static BuildMode parse(String s) {
        return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
    }
}
