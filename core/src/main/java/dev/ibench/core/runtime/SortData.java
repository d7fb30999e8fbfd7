package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code sort_data(data_source, key_name, ascending)}: stable sort of rows (or groups, by their first row,
 * or a list) by one key with SQLite's order (NULLs first ascending). Several ORDER BY keys become
 * several calls, least significant first.
 */
public final class SortData implements Operation {
    @Override
    public String name() {
        return "sort_data";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        boolean ascending = args.bool("ascending", true);
        Comparator<Object> order = ascending ? SqliteValues::compare : (a, b) -> SqliteValues.compare(b, a);
        if (data instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list);
            out.sort(order);
            return out;
        }
        String key = args.string("key_name");
        if (data instanceof Table table) {
            int i = DataKeys.require(table, key, name());
            List<Object[]> rows = new ArrayList<>(table.rows());
            rows.sort((x, y) -> order.compare(x[i], y[i]));
            return table.withRows(rows);
        }
        if (data instanceof GroupedTable grouped) {
            DataKeys.require(grouped, key, name());
            List<Table> groups = new ArrayList<>(grouped.groups());
            groups.sort((x, y) -> order.compare(first(x, key), first(y, key)));
            return new GroupedTable(grouped.groupKeys(), groups, grouped.columns());
        }
        throw DataKeys.wrongData(name(), data, "a table, grouped data or a list");
    }

    private static Object first(Table t, String key) {
        return t.size() == 0 ? null : t.rows().get(0)[t.columnIndex(key)];
    }
}
