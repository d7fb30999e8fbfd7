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

    /**
     * A report read back from a {@code coverage.json} written by {@link #toMap}: its (style, database) cells and the
     * databases' warnings. Unknown fields are ignored.
     *
     * @throws IllegalArgumentException when {@code json} has no {@code by_style} object of cells
     */
    @SuppressWarnings("unchecked")
    public static CoverageReport fromMap(Map<String, Object> json) {
        if (!(json.get("by_style") instanceof Map<?, ?> byStyle)) {
            throw new IllegalArgumentException("no 'by_style' object");
        }
        CoverageReport report = new CoverageReport();
        byStyle.forEach((style, styleEntry) -> {
            Object dbs = styleEntry instanceof Map<?, ?> m ? m.get("by_db") : null;
            if (dbs instanceof Map<?, ?> byDb) {
                byDb.forEach((db, c) -> {
                    Map<String, Object> cell = (Map<String, Object>) c;
                    Map<String, Integer> reasons = new TreeMap<>();
                    ((Map<String, Object>) cell.getOrDefault("by_reason", Map.of()))
                            .forEach((k, v) -> reasons.put(k, ((Number) v).intValue()));
                    report.add((String) style, (String) db, number(cell, "questions"), number(cell, "in_scope"),
                            number(cell, "verified"), reasons);
                });
            }
        });
        if (json.get("by_db") instanceof Map<?, ?> byDb) {
            byDb.forEach((db, entry) -> {
                if (entry instanceof Map<?, ?> m && m.get("warnings") instanceof java.util.List<?> w) {
                    report.warnings((String) db, w.stream().map(String::valueOf).toList());
                }
            });
        }
        return report;
    }

    private static int number(Map<String, Object> cell, String field) {
        return cell.get(field) instanceof Number n ? n.intValue() : 0;
    }

    /**
     * This report with {@code newer}'s cells and warnings in place of its own for every (style, database) that
     * {@code newer} has, and its own cells kept for the others: a build into a folder that already holds another
     * build's output adds to that output's coverage instead of erasing it.
     */
    public CoverageReport updatedBy(CoverageReport newer) {
        CoverageReport merged = new CoverageReport();
        cells.forEach((style, dbs) -> dbs.forEach((db, c) -> {
            if (!newer.cells.getOrDefault(style, Map.of()).containsKey(db)) {
                merged.cell(style, db).add(c);
            }
        }));
        newer.cells.forEach((style, dbs) -> dbs.forEach((db, c) -> merged.cell(style, db).add(c)));
        merged.warnings.putAll(warnings);
        merged.warnings.putAll(newer.warnings);
        return merged;
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
