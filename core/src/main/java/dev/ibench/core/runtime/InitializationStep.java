package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hidden {@code initialize_active_data} step in the seed's layout:
 * {@code {name, arguments:{condition_sequence:[[left, right, join_type]...]}, alias_to_table_dict:{alias:{original_table_name,
 * modified_table_name}}, database_path, label}}. {@code database_path} is relative to the data root
 * (e.g. {@code bird/dev_databases/superhero/superhero.sqlite}). Extended mode may add
 * {@code additional_tables:[{label, condition_sequence, alias_to_table_dict}]}: further starting tables for subqueries.
 */
public record InitializationStep(String databasePath, List<JoinSpec> tables) {

    public static final String NAME = "initialize_active_data";
    public static final String STARTING_LABEL = "starting_table_var";

    /** One starting table: a label, its aliases in join order, and the join conditions. */
    public record JoinSpec(String label, LinkedHashMap<String, AliasedTable> aliases, List<JoinCondition> conditions) {
        /** Stable identity for the join cache. */
        public String cacheKey() {
            StringBuilder sb = new StringBuilder();
            aliases.forEach((a, t) -> sb.append(a).append('=').append(t.original()).append('/').append(t.modified()).append(';'));
            for (JoinCondition c : conditions) sb.append(c.left()).append('~').append(c.right()).append('~').append(c.type()).append(';');
            return sb.toString();
        }
    }

    public record AliasedTable(String original, String modified) {}

    public record JoinCondition(String left, String right, String type) {}

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", NAME);
        JoinSpec main = tables.get(0);
        m.put("arguments", Map.of("condition_sequence", conditions(main)));
        m.put("alias_to_table_dict", aliases(main));
        m.put("database_path", databasePath);
        m.put("label", main.label());
        if (tables.size() > 1) {
            List<Map<String, Object>> extra = new ArrayList<>();
            for (JoinSpec s : tables.subList(1, tables.size())) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("label", s.label());
                e.put("condition_sequence", conditions(s));
                e.put("alias_to_table_dict", aliases(s));
                extra.add(e);
            }
            m.put("additional_tables", extra);
        }
        return m;
    }

    private static List<List<String>> conditions(JoinSpec s) {
        List<List<String>> out = new ArrayList<>();
        for (JoinCondition c : s.conditions()) out.add(List.of(c.left(), c.right(), c.type()));
        return out;
    }

    private static Map<String, Object> aliases(JoinSpec s) {
        Map<String, Object> out = new LinkedHashMap<>();
        s.aliases().forEach((a, t) -> out.put(a, Map.of("original_table_name", t.original(), "modified_table_name", t.modified())));
        return out;
    }

    /** Reads the seed layout; throws IllegalArgumentException naming what is missing. */
    public static InitializationStep fromMap(Map<String, Object> m) {
        if (m == null) throw new IllegalArgumentException("sample has no initialization_step");
        Object path = m.get("database_path");
        if (!(path instanceof String p)) throw new IllegalArgumentException("initialization_step has no database_path");
        List<JoinSpec> tables = new ArrayList<>();
        Object args = m.get("arguments");
        Object conds = args instanceof Map<?, ?> am ? am.get("condition_sequence") : null;
        Object label = m.get("label");
        tables.add(spec(label instanceof String l ? l : STARTING_LABEL, m.get("alias_to_table_dict"), conds));
        if (m.get("additional_tables") instanceof List<?> extra) {
            for (Object o : extra) {
                if (o instanceof Map<?, ?> e) tables.add(spec(String.valueOf(e.get("label")), e.get("alias_to_table_dict"), e.get("condition_sequence")));
            }
        }
        return new InitializationStep(p, tables);
    }

    private static JoinSpec spec(String label, Object aliasDict, Object conds) {
        if (!(aliasDict instanceof Map<?, ?> ad) || ad.isEmpty()) {
            throw new IllegalArgumentException("initialization_step '" + label + "' has no alias_to_table_dict");
        }
        LinkedHashMap<String, AliasedTable> aliases = new LinkedHashMap<>();
        ad.forEach((k, v) -> {
            Map<?, ?> t = (Map<?, ?>) v;
            String original = String.valueOf(t.get("original_table_name"));
            Object modified = t.get("modified_table_name");
            aliases.put(String.valueOf(k), new AliasedTable(original, modified == null ? original : String.valueOf(modified)));
        });
        List<JoinCondition> conditions = new ArrayList<>();
        if (conds instanceof List<?> cl) {
            for (Object o : cl) {
                List<?> c = (List<?>) o;
                conditions.add(new JoinCondition(String.valueOf(c.get(0)), String.valueOf(c.get(1)), c.size() > 2 ? String.valueOf(c.get(2)) : "INNER"));
            }
        }
        return new JoinSpec(label, aliases, conditions);
    }
}
