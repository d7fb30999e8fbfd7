package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Extended: {@code combine_values(values)} puts single results of earlier calls side by side as one
 * answer row, e.g. {@code ["$MAX_0$", "$MIN_1$"]} for {@code SELECT MAX(x), MIN(x)}.
 */
public final class CombineValues implements Operation {
    @Override
    public String name() {
        return "combine_values";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object v = args.value("values");
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            throw new ToolArgumentException(name() + ": argument 'values' must be a non-empty list");
        }
        List<Object> row = new ArrayList<>();
        for (Object o : list) {
            Object x = o;
            while (x instanceof List<?> l && l.size() == 1) x = l.get(0);
            if (x instanceof List<?>) {
                throw new ToolArgumentException(name() + ": each value must be a single value, got a list of " + ((List<?>) x).size());
            }
            row.add(x);
        }
        List<Object> rows = new ArrayList<>();
        rows.add(row);
        return rows;
    }
}
