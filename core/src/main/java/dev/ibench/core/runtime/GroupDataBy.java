package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code group_data_by(data_source, key_name)}: splits a table into groups sharing the values of one key or a list of keys (SQL GROUP BY). */
public final class GroupDataBy implements Operation {
    @Override
    public String name() {
        return "group_data_by";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        if (!(data instanceof Table table)) {
            throw DataKeys.wrongData(name(), data, "a table");
        }
        List<String> keys = args.keys("key_name");
        int[] idx = new int[keys.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = DataKeys.require(table, keys.get(i), name());
        }
        Map<List<Object>, List<Object[]>> groups = new LinkedHashMap<>();
        for (Object[] row : table.rows()) {
            Object[] k = new Object[idx.length];
            for (int i = 0; i < idx.length; i++) {
                k[i] = SqliteValues.groupKey(row[idx[i]]);
            }
            groups.computeIfAbsent(Arrays.asList(k), x -> new ArrayList<>()).add(row);
        }
        List<Map.Entry<List<Object>, List<Object[]>>> entries = new ArrayList<>(groups.entrySet());
        // SQLite returns groups in ascending order of the grouping keys; doing the same keeps tie order comparable.
        entries.sort((a, b) -> {
            for (int i = 0; i < idx.length; i++) {
                int c = SqliteValues.compare(a.getValue().get(0)[idx[i]], b.getValue().get(0)[idx[i]]);
                if (c != 0) return c;
            }
            return 0;
        });
        List<Table> out = new ArrayList<>(groups.size());
        for (Map.Entry<List<Object>, List<Object[]>> e : entries) {
            out.add(table.withRows(e.getValue()));
        }
        return new GroupedTable(keys, out, table.columns());
    }
}
