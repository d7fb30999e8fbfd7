package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@code select_unique_values(unique_array)}: the distinct elements of a list, first occurrence order. */
public final class SelectUniqueValues implements Operation {
    @Override
    public String name() {
        return "select_unique_values";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("unique_array");
        if (!(data instanceof List<?> list)) throw DataKeys.wrongData(name(), data, "a list");
        List<Object> out = new ArrayList<>();
        Set<Object> seen = new HashSet<>();
        for (Object o : list) {
            Object key = o instanceof List<?> row ? row.stream().map(SqliteValues::groupKey).toList() : SqliteValues.groupKey(o);
            if (seen.add(key)) out.add(o);
        }
        return out;
    }
}
