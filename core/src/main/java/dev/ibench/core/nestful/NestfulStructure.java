package dev.ibench.core.nestful;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data-dependency shape of a NESTful sequence (seed 003 section 5, Figure 6): calls are nodes, a reference from a
 * call's argument to an earlier call's output is an edge.
 * <ul>
 *   <li>{@code depth}: the most edges on one dependency path (0: no call uses another's output; Figure 6a);</li>
 *   <li>{@code dependencies}: the number of distinct edges (Figure 6b);</li>
 *   <li>{@code pattern}: {@code independent} (no edges), {@code chain} (every call uses at most one earlier output and
 *       every output is used at most once), {@code fan_in} (some call uses two or more earlier outputs), {@code fan_out}
 *       (some output is used by two or more calls), {@code mixed} (both).</li>
 * </ul>
 */
public record NestfulStructure(int depth, int dependencies, String pattern) {

    public static NestfulStructure of(List<ToolCall> calls) {
        Map<String, Integer> indexByLabel = new HashMap<>();
        List<Set<Integer>> parents = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            Set<Integer> uses = new LinkedHashSet<>();
            collect(calls.get(i).arguments().values(), indexByLabel, uses);
            parents.add(uses);
            String label = NestfulReference.normalizeLabel(calls.get(i).label());
            if (label != null && !label.isEmpty()) {
                indexByLabel.put(label, i);
            }
        }
        int[] depth = new int[calls.size()];
        int maxDepth = 0;
        int edges = 0;
        int[] usedBy = new int[calls.size()];
        boolean fanIn = false;
        for (int i = 0; i < calls.size(); i++) {
            for (int p : parents.get(i)) {
                depth[i] = Math.max(depth[i], depth[p] + 1);
                usedBy[p]++;
            }
            edges += parents.get(i).size();
            fanIn |= parents.get(i).size() > 1;
            maxDepth = Math.max(maxDepth, depth[i]);
        }
        boolean fanOut = false;
        for (int count : usedBy) {
            fanOut |= count > 1;
        }
        String pattern = edges == 0 ? "independent" : fanIn && fanOut ? "mixed" : fanIn ? "fan_in" : fanOut ? "fan_out" : "chain";
        return new NestfulStructure(maxDepth, edges, pattern);
    }

    private static void collect(Iterable<?> values, Map<String, Integer> indexByLabel, Set<Integer> out) {
        for (Object value : values) {
            if (value instanceof List<?> list) {
                collect(list, indexByLabel, out);
            } else if (value instanceof Map<?, ?> map) {
                collect(map.values(), indexByLabel, out);
            } else {
                NestfulReference.parse(value).map(r -> indexByLabel.get(r.label())).ifPresent(out::add);
            }
        }
    }
}
