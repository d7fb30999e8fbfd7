package dev.ibench.core.compile;

import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sql.Identifiers;
import dev.ibench.core.sql.SchemaIndex;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.schema.Column;

/**
 * The tables of one SELECT's FROM clause: alias -> table, the key prefix ({@code modified_table_name}) of
 * each alias, and resolution of column references to key names {@code <modified_table_name>_<column>}.
 */
final class Scope {
    record AliasInfo(String alias, String table, String modified) {}

    private final SchemaIndex schema;
    private final Map<String, AliasInfo> aliases = new LinkedHashMap<>();
    private final Map<String, Integer> tableUses = new LinkedHashMap<>();
    final java.util.List<InitializationStep.JoinCondition> joins = new java.util.ArrayList<>();

    Scope(SchemaIndex schema) {
        this.schema = schema;
    }

    void addTable(String tableName, String alias) throws UnsupportedQueryException {
        String table = schema.table(Identifiers.unquote(tableName));
        if (table == null) throw new UnsupportedQueryException("unknown_table", tableName);
        String a = alias == null ? table : Identifiers.unquote(alias);
        if (aliases.containsKey(a.toLowerCase(Locale.ROOT))) throw new UnsupportedQueryException("duplicate_alias", a);
        int uses = tableUses.merge(table.toLowerCase(Locale.ROOT), 1, Integer::sum);
        String modified = uses == 1 ? table : table + "_" + uses;
        aliases.put(a.toLowerCase(Locale.ROOT), new AliasInfo(a, table, modified));
    }

    Map<String, AliasInfo> aliases() {
        return aliases;
    }

    InitializationStep.JoinSpec joinSpec(String label) {
        LinkedHashMap<String, InitializationStep.AliasedTable> m = new LinkedHashMap<>();
        for (AliasInfo a : aliases.values()) m.put(a.alias(), new InitializationStep.AliasedTable(a.table(), a.modified()));
        return new InitializationStep.JoinSpec(label, m, joins);
    }

    /** The alias a column belongs to, or null when no table in scope has it. */
    AliasInfo aliasOf(Column c) throws UnsupportedQueryException {
        String name = Identifiers.unquote(c.getColumnName());
        if (c.getTable() != null && c.getTable().getName() != null) {
            String t = Identifiers.unquote(c.getTable().getName()).toLowerCase(Locale.ROOT);
            AliasInfo a = aliases.get(t);
            if (a == null) {
                for (AliasInfo x : aliases.values()) {
                    if (x.table().equalsIgnoreCase(t)) {
                        a = x;
                        break;
                    }
                }
            }
            if (a == null) throw new UnsupportedQueryException("unknown_table_reference", c.toString());
            if (schema.column(a.table(), name) == null) throw new UnsupportedQueryException("unknown_column", c.toString());
            return a;
        }
        for (AliasInfo a : aliases.values()) {
            if (schema.column(a.table(), name) != null) return a;
        }
        return null;
    }

    /** Key name of a column reference, or null when it resolves to no column (e.g. a double-quoted string). */
    String key(Column c) throws UnsupportedQueryException {
        AliasInfo a = aliasOf(c);
        if (a == null) return null;
        return a.modified() + "_" + schema.column(a.table(), Identifiers.unquote(c.getColumnName()));
    }

    /** "alias.column" as the seed writes join conditions. */
    String qualified(Column c) throws UnsupportedQueryException {
        AliasInfo a = aliasOf(c);
        if (a == null) throw new UnsupportedQueryException("unknown_column", c.toString());
        return a.alias() + "." + schema.column(a.table(), Identifiers.unquote(c.getColumnName()));
    }

    SchemaIndex schema() {
        return schema;
    }
}
