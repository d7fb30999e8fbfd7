package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code retrieve_data(data_source, key_name, distinct, limit)}: the values of one key (a list) or of a
 * list of keys (a list of rows); on grouped data one entry per group. {@code limit=-1} returns all.
 */
public final class RetrieveData implements Operation {
    @Override
    public String name() {
        return "retrieve_data";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        List<String> keys = args.keys("key_name");
        boolean distinct = args.bool("distinct", false);
        long limit = args.integer("limit", -1);
        return retrieve(data, keys, distinct, limit, name());
    }

    static Object retrieve(Object data, List<String> keys, boolean distinct, long limit, String tool) throws ToolArgumentException {
        Table table;
        if (data instanceof Table t) {
            table = t;
        } else if (data instanceof GroupedTable grouped) {
            for (String k : keys) DataKeys.require(grouped, k, tool);
            List<Object[]> firstRows = new ArrayList<>();
            List<String> cols = grouped.groups().isEmpty() ? grouped.columns() : grouped.groups().get(0).columns();
            for (Table g : grouped.groups()) firstRows.add(g.rows().get(0));
            table = new Table(cols, firstRows);
        } else {
            throw DataKeys.wrongData(tool, data, "a table or grouped data");
        }
        if (keys.isEmpty()) throw new ToolArgumentException(tool + ": key_name must name at least one key");
        int[] idx = new int[keys.size()];
        for (int i = 0; i < idx.length; i++) idx[i] = DataKeys.require(table, keys.get(i), tool);
        List<Object> out = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (Object[] row : table.rows()) {
            if (limit >= 0 && out.size() >= limit) break;
            List<Object> values = new ArrayList<>(idx.length);
            List<Object> identity = new ArrayList<>(idx.length);
            for (int i : idx) {
                values.add(row[i]);
                identity.add(SqliteValues.groupKey(row[i]));
            }
            if (distinct && !seen.add(identity)) continue;
            out.add(idx.length == 1 ? values.get(0) : values);
        }
        return out;
    }
}
