package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code aggregate_data(data_source, key_name, aggregation_type, distinct, limit)}: on a table or list,
 * returns one value; on grouped data, returns the groups with a new key holding each group's result
 * ({@code count} for row counts, else {@code <aggregation_type>_<key_name>}, with {@code _distinct_} when distinct).
 * An empty key_name with {@code count} counts rows (COUNT(*)).
 */
public final class AggregateData implements Operation {
    @Override
    public String name() {
        return "aggregate_data";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        String typeName = args.string("aggregation_type");
        Aggregation type = Aggregation.fromWire(typeName);
        if (type == null) {
            throw new ToolArgumentException(name() + ": unknown aggregation_type '" + typeName + "'");
        }
        String key = args.stringOr("key_name", "");
        boolean distinct = args.bool("distinct", false);
        long limit = args.integer("limit", -1);
        return aggregate(data, key, type, distinct, limit, name());
    }

    static Object aggregate(Object data, String key, Aggregation type, boolean distinct, long limit, String tool) throws ToolArgumentException {
        if (key.isEmpty() && type != Aggregation.COUNT && !(data instanceof List<?>)) {
            throw new ToolArgumentException(tool + ": aggregation_type '" + type.wireName() + "' needs a key_name");
        }
        if (data instanceof List<?> list) {
            List<Object> values = new ArrayList<>(limit >= 0 ? list.subList(0, (int) Math.min(limit, list.size())) : list);
            if (type == Aggregation.COUNT && !distinct) return (long) values.size();
            return type.compute(values, values.size(), distinct);
        }
        if (data instanceof Table table) {
            Table t = limit >= 0 && limit < table.size() ? table.withRows(table.rows().subList(0, (int) limit)) : table;
            return aggregateTable(t, key, type, distinct, tool);
        }
        if (data instanceof GroupedTable grouped) {
            if (!key.isEmpty()) DataKeys.require(grouped, key, tool);
            String resultKey = type.resultKey(key, distinct);
            List<Table> out = new ArrayList<>(grouped.groups().size());
            for (Table g : grouped.groups()) {
                Object result = aggregateTable(g, key, type, distinct, tool);
                List<Object> column = new ArrayList<>(g.size());
                for (int i = 0; i < g.size(); i++) column.add(result);
                out.add(g.withColumn(resultKey, column));
            }
            List<String> columns = new ArrayList<>(grouped.columns());
            if (!columns.contains(resultKey)) columns.add(resultKey);
            return new GroupedTable(grouped.groupKeys(), out, columns);
        }
        throw DataKeys.wrongData(tool, data, "a table, grouped data or a list");
    }

    private static Object aggregateTable(Table table, String key, Aggregation type, boolean distinct, String tool) throws ToolArgumentException {
        if (key.isEmpty()) {
            return type.compute(null, table.size(), false);
        }
        int i = DataKeys.require(table, key, tool);
        return type.compute(table.column(i), table.size(), distinct);
    }
}
