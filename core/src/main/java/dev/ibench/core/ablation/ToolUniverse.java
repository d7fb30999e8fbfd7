package dev.ibench.core.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code universe:<percent>} (seed 000 appendix C.2, Table 4): the tools offered are that share of the database's full
 * tool universe (every tool any sample of the same database in the eval set offers), rounded, never fewer than the
 * gold tools: the gold tools always, the rest a shortlist drawn with a seed of the campaign and the sample, listed in
 * universe order. A predicted call to a tool that was not offered is refused: it is renamed
 * {@code <not offered: NAME>}, so it executes as an unknown tool and matches no gold call.
 */
final class ToolUniverse implements Ablation {
    static final String PREFIX = "universe:";

    private final int percent;
    /** Universe per database, for the one eval set (by identity) a cell's ablation serves. */
    private final Map<Collection<EvalSample>, Map<String, List<Map<String, Object>>>> universes =
            Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    private ToolUniverse(int percent) {
        this.percent = percent;
    }

    static ToolUniverse parse(String name) {
        String number = name.substring(PREFIX.length());
        int percent;
        try {
            percent = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ablation '" + name + "': the share must be a whole percent, e.g. universe:40");
        }
        if (percent < 1 || percent > 100) {
            throw new IllegalArgumentException("ablation '" + name + "': the share must be between 1 and 100 percent");
        }
        return new ToolUniverse(percent);
    }

    @Override
    public String name() {
        return PREFIX + percent;
    }

    @Override
    public EvalSample shown(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        List<Map<String, Object>> offered = offered(sample, evalSet, seed);
        return new EvalSample(sample.sampleId(), sample.datasetName(), sample.input(), sample.query(), sample.goldAnswer(),
                sample.output(), sample.initializationStep(), offered, sample.keyValuesAndDescriptions());
    }

    @Override
    public ParsedOutput restore(EvalSample original, Collection<EvalSample> evalSet, long seed, ParsedOutput parsed) {
        Set<String> names = offered(original, evalSet, seed).stream().map(t -> String.valueOf(t.get("name"))).collect(Collectors.toSet());
        List<ToolCall> calls = parsed.calls().stream()
                .map(c -> names.contains(c.name()) ? c : new ToolCall("<not offered: " + c.name() + ">", c.arguments(), c.label()))
                .toList();
        return new ParsedOutput(parsed.status(), calls, parsed.stage(), parsed.problem(), parsed.malformedItems());
    }

    /** The offered tools of a sample; the same for the prompt and for scoring. */
    List<Map<String, Object>> offered(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        List<Map<String, Object>> universe = universe(sample, evalSet);
        Set<String> gold = sample.output().stream().map(ToolCall::name).collect(Collectors.toSet());
        int size = Math.max((int) gold.stream().filter(g -> universe.stream().anyMatch(t -> g.equals(t.get("name")))).count(),
                Math.round(universe.size() * percent / 100f));
        List<String> others = new ArrayList<>(universe.stream().map(t -> String.valueOf(t.get("name"))).filter(n -> !gold.contains(n)).toList());
        // String.hashCode is specified, so the shortlist is the same on every machine and JVM
        Collections.shuffle(others, new Random(seed * 1_000_003L + sample.sampleId().hashCode()));
        Set<String> kept = new java.util.HashSet<>(gold);
        for (String name : others) {
            if (kept.size() >= size) {
                break;
            }
            kept.add(name);
        }
        return universe.stream().filter(t -> kept.contains(String.valueOf(t.get("name")))).toList();
    }

    /**
     * Every tool offered by a sample of the same database, first spec of each name, in eval set order (plus the
     * sample's own, should it not be in the eval set).
     */
    private List<Map<String, Object>> universe(EvalSample sample, Collection<EvalSample> evalSet) {
        Map<String, List<Map<String, Object>>> byDatabase = universes.computeIfAbsent(evalSet, ToolUniverse::universesByDatabase);
        List<Map<String, Object>> universe = byDatabase.getOrDefault(database(sample), List.of());
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        universe.forEach(t -> byName.put(String.valueOf(t.get("name")), t));
        sample.tools().forEach(t -> byName.putIfAbsent(String.valueOf(t.get("name")), t));
        return byName.size() == universe.size() ? universe : List.copyOf(byName.values());
    }

    private static Map<String, List<Map<String, Object>>> universesByDatabase(Collection<EvalSample> evalSet) {
        Map<String, Map<String, Map<String, Object>>> byDatabase = new LinkedHashMap<>();
        for (EvalSample s : evalSet) {
            Map<String, Map<String, Object>> byName = byDatabase.computeIfAbsent(database(s), d -> new LinkedHashMap<>());
            s.tools().forEach(t -> byName.putIfAbsent(String.valueOf(t.get("name")), t));
        }
        Map<String, List<Map<String, Object>>> out = new LinkedHashMap<>();
        byDatabase.forEach((db, tools) -> out.put(db, List.copyOf(tools.values())));
        return out;
    }

    private static String database(EvalSample sample) {
        Object path = sample.initializationStep() == null ? null : sample.initializationStep().get("database_path");
        return path != null ? String.valueOf(path) : String.valueOf(sample.datasetName());
    }
}
