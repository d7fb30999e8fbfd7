package dev.ibench.core.ablation;

import dev.ibench.core.runtime.ToolCatalog;
import dev.ibench.core.runtime.ToolSpecFactory;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.KeyDescription;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One database's tool universe in one style (seed 000 appendix C.2, Table 4): every tool name a sample of the database
 * offers, in eval set order (SLOT: its 7 tools; SEL: the generic tools plus a getter per key of any starting table;
 * REST: the published endpoints, which every REST sample offers), and the spec each has for a given sample: the
 * sample's own where it offers the tool, else the spec built for this sample's starting table ({@link #specFor}),
 * never another sample's copy.
 */
final class DatabaseTools {
    private static final Set<String> SLOT_TOOLS = Set.of("filter_data", "retrieve_data", "sort_data", "group_data_by",
            "aggregate_data", "select_unique_values", "transform_data");
    private static final Map<BuildMode, ToolSpecFactory> FACTORIES = new EnumMap<>(BuildMode.class);

    static {
        for (BuildMode mode : BuildMode.values()) {
            FACTORIES.put(mode, new ToolSpecFactory(ToolCatalog.of(mode)));
        }
    }

    private final String database;
    private final List<String> names;
    /** Every key any starting table of the database has (a key's description is a fact of its column, not of a sample). */
    private final Map<String, KeyDescription> keys;
    /** Tools whose spec is the same in every sample that offers it (REST endpoints), by name; null where it differs. */
    private final Map<String, Map<String, Object>> shared;

    private DatabaseTools(String database, List<String> names, Map<String, KeyDescription> keys, Map<String, Map<String, Object>> shared) {
        this.database = database;
        this.names = List.copyOf(names);
        this.keys = keys;
        this.shared = shared;
    }

    /** The universe of each database of an eval set, by {@link #database(EvalSample)}. */
    static Map<String, DatabaseTools> of(Collection<EvalSample> evalSet) {
        Map<String, List<EvalSample>> byDatabase = new LinkedHashMap<>();
        evalSet.forEach(s -> byDatabase.computeIfAbsent(database(s), d -> new ArrayList<>()).add(s));
        Map<String, DatabaseTools> out = new LinkedHashMap<>();
        byDatabase.forEach((db, samples) -> out.put(db, of(db, samples)));
        return out;
    }

    private static DatabaseTools of(String database, List<EvalSample> samples) {
        Map<String, Map<String, Object>> shared = new LinkedHashMap<>();
        Set<String> differing = new HashSet<>();
        Map<String, KeyDescription> keys = new LinkedHashMap<>();
        for (EvalSample s : samples) {
            for (Map<String, Object> tool : s.tools()) {
                String name = name(tool);
                Map<String, Object> first = shared.putIfAbsent(name, tool);
                if (first != null && !first.equals(tool)) {
                    differing.add(name);
                }
            }
            s.keyValuesAndDescriptions().forEach(k -> keys.putIfAbsent(k.keyName(), k));
        }
        List<String> names = List.copyOf(shared.keySet());
        differing.forEach(shared::remove);
        return new DatabaseTools(database, names, keys, shared);
    }

    static DatabaseTools empty(String database) {
        return new DatabaseTools(database, List.of(), Map.of(), Map.of());
    }

    /** The tool names of the universe, in eval set order. */
    List<String> names() {
        return names;
    }

    int size() {
        return names.size();
    }

    /**
     * The spec of tool {@code name} as {@code sample} would have it.
     *
     * @throws IllegalArgumentException when the sample does not offer it and no spec can be built for it (its copies
     *     differ per sample and the sample is not a SLOT or SEL sample of this builder)
     */
    Map<String, Object> specFor(String name, EvalSample sample) {
        for (Map<String, Object> tool : sample.tools()) {
            if (name.equals(name(tool))) {
                return tool;
            }
        }
        return built(name, sample).or(() -> Optional.ofNullable(shared.get(name))).orElseThrow(() -> new IllegalArgumentException(
                "universe: tool '" + name + "' of database " + database + " has a different spec in each sample that offers it,"
                        + " and none can be built for sample " + sample.sampleId() + " (only SLOT and SEL specs are built per sample)"));
    }

    /** The spec the builder's catalog derives for the sample's keys, in the build mode that reproduces its own specs. */
    private Optional<Map<String, Object>> built(String name, EvalSample sample) {
        Optional<ToolStyle> style = style(sample);
        if (style.isEmpty()) {
            return Optional.empty();
        }
        List<KeyDescription> sampleKeys = sample.keyValuesAndDescriptions();
        for (BuildMode mode : BuildMode.values()) {
            ToolSpecFactory factory = FACTORIES.get(mode);
            List<Map<String, Object>> specs = new ArrayList<>(factory.specs(style.get(), sampleKeys));
            if (!reproduces(specs, sample)) {
                continue;
            }
            keys.values().forEach(k -> specs.addAll(factory.keyBoundSpecs(style.get(), k, sampleKeys)));
            return specs.stream().filter(t -> name.equals(name(t))).findFirst();
        }
        return Optional.empty();
    }

    /** True when every tool the sample offers is, spec for spec, one the catalog built (so its mode is the sample's). */
    private static boolean reproduces(List<Map<String, Object>> built, EvalSample sample) {
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        built.forEach(t -> byName.put(name(t), t));
        return sample.tools().stream().allMatch(t -> t.equals(byName.get(name(t))));
    }

    /** SLOT or SEL for a sample this builder made (it has the hidden join step); empty for REST and imported sets. */
    private static Optional<ToolStyle> style(EvalSample sample) {
        if (sample.initializationStep() == null || sample.keyValuesAndDescriptions().isEmpty()) {
            return Optional.empty();
        }
        boolean slot = sample.tools().stream().map(DatabaseTools::name).anyMatch(SLOT_TOOLS::contains);
        return Optional.of(slot ? ToolStyle.SLOT : ToolStyle.SEL);
    }

    static String database(EvalSample sample) {
        Object path = sample.initializationStep() == null ? null : sample.initializationStep().get("database_path");
        return path != null ? String.valueOf(path) : String.valueOf(sample.datasetName());
    }

    static String name(Map<String, Object> tool) {
        return String.valueOf(tool.get("name"));
    }
}
