package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Extended: {@code combine_results(first, second, operation)} combines two retrieved lists with SQL set
 * semantics (duplicates removed): {@code union}, {@code intersect} or {@code except}.
 */
public final class CombineResults implements Operation {
    public static final List<String> OPERATIONS = List.of("union", "intersect", "except");

    @Override
    public String name() {
        return "combine_results";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object a = args.data("first");
        Object b = args.data("second");
        String op = args.string("operation");
        if (!OPERATIONS.contains(op)) {
            throw new ToolArgumentException(name() + ": unknown operation '" + op + "' (expected one of " + OPERATIONS + ")");
        }
        if (!(a instanceof List<?> la)) throw DataKeys.wrongData(name(), a, "a list");
        if (!(b instanceof List<?> lb)) throw DataKeys.wrongData(name(), b, "a list");
        Map<Object, Object> left = distinct(la);
        Map<Object, Object> right = distinct(lb);
        Map<Object, Object> out = new LinkedHashMap<>();
        switch (op) {
            case "union" -> {
                out.putAll(left);
                right.forEach(out::putIfAbsent);
            }
            case "intersect" -> left.forEach((k, v) -> {
                if (right.containsKey(k)) out.put(k, v);
            });
            default -> left.forEach((k, v) -> {
                if (!right.containsKey(k)) out.put(k, v);
            });
        }
        return new ArrayList<>(out.values());
    }

    private static Map<Object, Object> distinct(List<?> list) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Object o : list) {
            Object key = o instanceof List<?> row ? row.stream().map(SqliteValues::groupKey).toList() : SqliteValues.groupKey(o);
            out.putIfAbsent(key, o);
        }
        return out;
    }
}
