package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Extended: {@code filter_data_any_of(data_source, filters:[{key_name, condition, value}])} keeps rows matching at least one filter (SQL OR). */
public final class FilterDataAnyOf implements Operation {
    @Override
    public String name() {
        return "filter_data_any_of";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        Object filters = args.value("filters");
        if (!(filters instanceof List<?> list) || list.isEmpty()) {
            throw new ToolArgumentException(name() + ": argument 'filters' must be a non-empty list of {key_name, condition, value} objects");
        }
        List<FilterData.KeyTest> tests = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m) || !(m.get("key_name") instanceof String key) || !(m.get("condition") instanceof String cond)) {
                throw new ToolArgumentException(name() + ": each filter must be an object with string 'key_name' and 'condition', got " + CallArguments.describe(o));
            }
            FilterCondition condition = FilterCondition.fromWire(cond);
            if (condition == null) {
                throw new ToolArgumentException(name() + ": unknown condition '" + cond + "'");
            }
            tests.add(new FilterData.KeyTest(key, condition.test(m.get("value"))));
        }
        return FilterData.filter(data, tests, true, name());
    }
}
