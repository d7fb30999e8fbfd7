package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/** {@code truncate(truncate_array, n)}: the first n elements of a list (SEL's LIMIT). */
public final class Truncate implements Operation {
    @Override
    public String name() {
        return "truncate";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("truncate_array");
        long n = args.integer("n", -1);
        if (!(data instanceof List<?> list)) throw DataKeys.wrongData(name(), data, "a list");
        if (n < 0 || n >= list.size()) return new ArrayList<>(list);
        return new ArrayList<>(list.subList(0, (int) n));
    }
}
