package dev.ibench.core.ablation;

import dev.ibench.core.sample.EvalSample;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The size of one database's tool universe in an eval set and how many tools each {@code universe:<percent>} share
 * offers, as seed 000's Table 4 prints them.
 */
public record UniverseSize(String database, int tools) {
    /** The shares of Table 4 (seed 000 appendix C.2), in percent. */
    public static final List<Integer> TABLE_4_SHARES = List.of(10, 25, 50, 75, 100);

    /** One row per database of the eval set, in eval set order, named by its dataset name. */
    public static List<UniverseSize> of(Collection<EvalSample> evalSet) {
        Map<String, DatabaseTools> universes = DatabaseTools.of(evalSet);
        Map<String, String> names = new java.util.LinkedHashMap<>();
        evalSet.forEach(s -> names.putIfAbsent(DatabaseTools.database(s), s.datasetName()));
        return universes.entrySet().stream().map(e -> new UniverseSize(names.get(e.getKey()), e.getValue().size())).toList();
    }

    /** The tools a {@code universe:<percent>} share offers when the gold tools fit in it. */
    public int offered(int percent) {
        return ToolUniverse.count(tools, percent);
    }
}
