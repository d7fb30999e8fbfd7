package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/** {@code filter_data(data_source, key_name, value, condition)}: keeps the rows whose key satisfies the condition (SQL WHERE / HAVING). */
public final class FilterData implements Operation {
    @Override
    public String name() {
        return "filter_data";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        String key = args.string("key_name");
        String conditionName = args.string("condition");
        FilterCondition condition = FilterCondition.fromWire(conditionName);
        if (condition == null) {
            throw new ToolArgumentException(name() + ": unknown condition '" + conditionName + "'");
        }
        Object value = args.valueOr("value", null);
        FilterCondition.CellTest test = condition.test(value);
        Object single = value;
        while (single instanceof List<?> l && l.size() == 1) single = l.get(0);
        single = SqliteValues.normalise(single);
        if (condition == FilterCondition.EQUAL_TO && data instanceof Table table && table.indexed() && single != null && !(single instanceof List<?>)) {
            int i = DataKeys.require(table, key, name());
            List<Object[]> out = new ArrayList<>();
            for (Object[] row : table.equalityCandidates(i, single)) {
                if (test.matches(row[i])) out.add(row);
            }
            return table.withRows(out);
        }
        return filter(data, List.of(new KeyTest(key, test)), false, name());
    }

    /** One key and the test its cell must pass. */
    record KeyTest(String key, FilterCondition.CellTest test) {}

    /** Keeps rows passing all tests ({@code any=false}) or at least one ({@code any=true}). */
    static Object filter(Object data, List<KeyTest> tests, boolean any, String tool) throws ToolArgumentException {
        if (data instanceof Table table) {
            return filterTable(table, tests, any, tool);
        }
        if (data instanceof GroupedTable grouped) {
            List<Table> kept = new ArrayList<>();
            for (Table g : grouped.groups()) {
                Table f = filterTable(g, tests, any, tool);
                if (f.size() > 0) kept.add(f);
            }
            return new GroupedTable(grouped.groupKeys(), kept, grouped.columns());
        }
        throw DataKeys.wrongData(tool, data, "a table or grouped data");
    }

    private static Table filterTable(Table table, List<KeyTest> tests, boolean any, String tool) throws ToolArgumentException {
        int[] idx = new int[tests.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = DataKeys.require(table, tests.get(i).key(), tool);
        }
        List<Object[]> out = new ArrayList<>();
        for (Object[] row : table.rows()) {
            boolean keep = !any;
            for (int i = 0; i < idx.length; i++) {
                boolean m = tests.get(i).test().matches(row[idx[i]]);
                if (any && m) {
                    keep = true;
                    break;
                }
                if (!any && !m) {
                    keep = false;
                    break;
                }
            }
            if (keep) out.add(row);
        }
        return table.withRows(out);
    }
}
