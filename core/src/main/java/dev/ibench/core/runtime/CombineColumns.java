package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Extended (SEL): {@code combine_columns(values)} zips equally long lists (e.g. the results of two getters on
 * the same data) into a list of rows: {@code [[a1, b1], [a2, b2], ...]}.
 */
public final class CombineColumns implements Operation {
    @Override
    public String name() {
        return "combine_columns";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object v = args.value("values");
        if (!(v instanceof List<?> lists) || lists.size() < 2) {
            throw new ToolArgumentException(name() + ": argument 'values' must list at least two \"$LABEL$\" references to lists");
        }
        int n = -1;
        for (Object o : lists) {
            if (!(o instanceof List<?> l)) throw new ToolArgumentException(name() + ": every value must be a list, got " + CallArguments.describe(o));
            if (n >= 0 && l.size() != n) throw new ToolArgumentException(name() + ": lists differ in length (" + n + " vs " + l.size() + ")");
            n = l.size();
        }
        List<Object> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>(lists.size());
            for (Object o : lists) row.add(((List<?>) o).get(i));
            rows.add(row);
        }
        return rows;
    }
}
