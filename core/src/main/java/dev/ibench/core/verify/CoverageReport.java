package dev.ibench.core.verify;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Coverage accounting of a build: per style and per database, how many questions there were, how many the
 * compiler could express and execute ({@code in_scope}), how many were verified, and why the rest were not.
 * The top level reports the primary style (SLOT when built, else the first style); {@code by_style} has all.
 */
public final class CoverageReport {
    /** Counters of one (style, database) cell or an aggregate of cells. */
    public static final class Counts {
        public int questions;
        public int inScope;
        public int verified;
        public final Map<String, Integer> byReason = new TreeMap<>();

        void add(Counts o) {
            questions += o.questions;
            inScope += o.inScope;
            verified += o.verified;
            o.byReason.forEach((k, v) -> byReason.merge(k, v, Integer::sum));
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("questions", questions);
            m.put("in_scope", inScope);
            m.put("verified", verified);
            m.put("verified_rate", questions == 0 ? 0.0 : Math.round(10000.0 * verified / questions) / 10000.0);
            m.put("by_reason", new LinkedHashMap<>(byReason));
            return m;
        }
    }

    private final Map<String, Map<String, Counts>> cells = new LinkedHashMap<>();
    private final Map<String, java.util.List<String>> warnings = new LinkedHashMap<>();

    private Counts cell(String style, String db) {
        return cells.computeIfAbsent(style, s -> new LinkedHashMap<>()).computeIfAbsent(db, d -> new Counts());
    }

    public void question(String style, String db) {
        cell(style, db).questions++;
    }

    public void inScope(String style, String db) {
        cell(style, db).inScope++;
    }

    public void verified(String style, String db) {
        cell(style, db).verified++;
    }

    public void reason(String style, String db, String reason) {
        cell(style, db).byReason.merge(reason, 1, Integer::sum);
    }

    /** Adds the counts of a (style, database) cell computed elsewhere (e.g. by a REST generation workflow). */
    public void add(String style, String db, int questions, int inScope, int verified, Map<String, Integer> byReason) {
        Counts c = cell(style, db);
        c.questions += questions;
        c.inScope += inScope;
        c.verified += verified;
        byReason.forEach((k, v) -> c.byReason.merge(k, v, Integer::sum));
    }

    public void warnings(String db, java.util.List<String> messages) {
        if (!messages.isEmpty()) warnings.put(db, java.util.List.copyOf(messages));
    }

    public Counts total(String style) {
        Counts t = new Counts();
        cells.getOrDefault(style, Map.of()).values().forEach(t::add);
        return t;
    }

    public Map<String, Object> toMap(String source, String mode) {
        String primary = cells.containsKey("slot") ? "slot" : cells.keySet().stream().findFirst().orElse("slot");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("mode", mode);
        m.put("style", primary);
        m.putAll(total(primary).toMap());
        Map<String, Object> byDb = new LinkedHashMap<>();
        cells.getOrDefault(primary, Map.of()).forEach((db, c) -> {
            Map<String, Object> entry = c.toMap();
            if (warnings.containsKey(db)) entry.put("warnings", warnings.get(db));
            byDb.put(db, entry);
        });
        m.put("by_db", byDb);
        Map<String, Object> byStyle = new LinkedHashMap<>();
        for (String style : cells.keySet()) {
            Map<String, Object> s = total(style).toMap();
            Map<String, Object> dbs = new LinkedHashMap<>();
            cells.get(style).forEach((db, c) -> dbs.put(db, c.toMap()));
            s.put("by_db", dbs);
            byStyle.put(style, s);
        }
        m.put("by_style", byStyle);
        return m;
    }
}
