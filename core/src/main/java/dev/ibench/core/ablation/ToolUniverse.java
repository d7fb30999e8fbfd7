package dev.ibench.core.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code universe:<percent>} (seed 000 appendix C.2, Table 4): the tools offered are that share of the database's full
 * tool universe ({@link DatabaseTools}), {@code floor(N * percent / 100)} of its {@code N} tools as in Table 4 (superhero's
 * 109 REST endpoints: 10, 27, 54, 81, 109), never fewer than the gold tools: the gold tools always, the rest a shortlist
 * drawn with a seed of the campaign and the sample, listed in universe order. Each offered tool carries the spec this
 * sample would have (its own where it offers the tool, else the one built for its starting table), so
 * {@code universe:100} of a sample that already offers its whole universe (SLOT) is the sample as it is. A predicted call
 * to a tool that was not offered is refused: it is renamed {@code <not offered: NAME>}, so it executes as an unknown tool
 * and matches no gold call.
 */
final class ToolUniverse implements Ablation {
    static final String PREFIX = "universe:";

    private final int percent;
    /** Universe per database, for the one eval set (by identity) a cell's ablation serves. */
    private final Map<Collection<EvalSample>, Map<String, DatabaseTools>> universes =
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
                .map(c -> names.contains(c.name()) ? c : new ToolCall(NOT_OFFERED.formatted(c.name()), c.arguments(), c.label()))
                .toList();
        return new ParsedOutput(parsed.status(), calls, parsed.stage(), parsed.problem(), parsed.malformedItems());
    }

    /** The offered tools of a sample; the same for the prompt and for scoring. */
    List<Map<String, Object>> offered(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        List<String> universe = universe(sample, evalSet);
        Set<String> gold = sample.output().stream().map(ToolCall::name).filter(universe::contains).collect(Collectors.toSet());
        int size = Math.max(gold.size(), count(universe.size(), percent));
        List<String> others = new ArrayList<>(universe.stream().filter(n -> !gold.contains(n)).toList());
        // String.hashCode is specified, so the shortlist is the same on every machine and JVM
        Collections.shuffle(others, new Random(seed * 1_000_003L + sample.sampleId().hashCode()));
        Set<String> kept = new HashSet<>(gold);
        for (String name : others) {
            if (kept.size() >= size) {
                break;
            }
            kept.add(name);
        }
        DatabaseTools tools = database(sample, evalSet);
        return universe.stream().filter(kept::contains).map(n -> tools.specFor(n, sample)).toList();
    }

    /** How many of a universe of {@code universeSize} tools a share offers (Table 4 rounds down), at least one. */
    static int count(int universeSize, int percent) {
        return Math.max(Math.min(1, universeSize), universeSize * percent / 100);
    }

    /** The database's tool names, plus the sample's own should it not be in the eval set. */
    private List<String> universe(EvalSample sample, Collection<EvalSample> evalSet) {
        List<String> names = new ArrayList<>(database(sample, evalSet).names());
        sample.tools().stream().map(DatabaseTools::name).filter(n -> !names.contains(n)).forEach(names::add);
        return names;
    }

    private DatabaseTools database(EvalSample sample, Collection<EvalSample> evalSet) {
        String database = DatabaseTools.database(sample);
        Map<String, DatabaseTools> byDatabase = universes.computeIfAbsent(evalSet, DatabaseTools::of);
        return byDatabase.getOrDefault(database, DatabaseTools.empty(database));
    }
}
