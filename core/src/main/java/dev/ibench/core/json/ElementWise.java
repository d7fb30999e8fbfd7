package dev.ibench.core.json;

import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Equality of JSON-like containers under a scorer's own equality of their elements: lists element by element, in
 * order; maps with the same keys, value by value.
 */
public final class ElementWise {
    private ElementWise() {}

    public static boolean lists(List<?> a, List<?> b, BiPredicate<Object, Object> same) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!same.test(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    public static boolean maps(Map<?, ?> a, Map<?, ?> b, BiPredicate<Object, Object> same) {
        return a.keySet().equals(b.keySet()) && a.entrySet().stream().allMatch(e -> same.test(e.getValue(), b.get(e.getKey())));
    }
}
