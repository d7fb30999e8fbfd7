package dev.ibench.activities.campaign;

import dev.ibench.activities.artifact.EvalSetLocator;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Eval-set files loaded once per worker process and indexed by sample id, so per-item activities
 * look samples up instead of re-reading a large JSON file for every call. The eval set is named as a campaign
 * record names it, a path or an artifact reference; the {@link EvalSetLocator} finds the local file.
 */
public final class EvalSetCache {
    private final Map<Path, Map<String, EvalSample>> loaded = new ConcurrentHashMap<>();
    private final Map<Path, Boolean> multiTurnFiles = new ConcurrentHashMap<>();
    private final Map<Path, BfclMultiTurnEvalSet> multiTurnSets = new ConcurrentHashMap<>();
    private final Map<Path, Boolean> memoryFiles = new ConcurrentHashMap<>();
    private final Map<Path, BfclMemoryEvalSet> memorySets = new ConcurrentHashMap<>();
    private final EvalSetLocator locator;

    /** Eval sets named by path only. */
    public EvalSetCache() {
        this(EvalSetLocator.PATHS_ONLY);
    }

    public EvalSetCache(EvalSetLocator locator) {
        this.locator = locator;
    }

    /** The local file of an eval set named by path or artifact reference. */
    public Path localPath(String evalSet) {
        return locator.localPath(evalSet);
    }

    public Map<String, EvalSample> samples(String evalSet) {
        return loaded.computeIfAbsent(localPath(evalSet).toAbsolutePath().normalize(), EvalSetCache::index);
    }

    /** Whether the eval set is a BFCL multi-turn set ({@link BfclMultiTurnEvalSet}), whose entries are conversations. */
    public boolean isMultiTurn(String evalSet) {
        return multiTurnFiles.computeIfAbsent(key(evalSet), BfclMultiTurnEvalSet::isOne);
    }

    public BfclMultiTurnEvalSet multiTurn(String evalSet) {
        return multiTurnSets.computeIfAbsent(key(evalSet), BfclMultiTurnEvalSet::read);
    }

    /** A multi-turn entry by id; a clear error naming the set when it has none. */
    public BfclMultiTurnEntry multiTurnEntry(String evalSet, String entryId) {
        return multiTurn(evalSet).entries().stream().filter(e -> e.id().equals(entryId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(evalSet + ": no multi-turn entry with id '" + entryId + "'"));
    }

    /** Whether the eval set is a BFCL memory set ({@link BfclMemoryEvalSet}), whose questions run after prerequisite conversations. */
    public boolean isMemory(String evalSet) {
        return memoryFiles.computeIfAbsent(key(evalSet), BfclMemoryEvalSet::isOne);
    }

    public BfclMemoryEvalSet memory(String evalSet) {
        return memorySets.computeIfAbsent(key(evalSet), BfclMemoryEvalSet::read);
    }

    /** The ids of the eval set's samples (or multi-turn entries, or memory questions), in file order. */
    public java.util.List<String> sampleIds(String evalSet) {
        if (isMultiTurn(evalSet)) {
            return multiTurn(evalSet).entries().stream().map(BfclMultiTurnEntry::id).toList();
        }
        if (isMemory(evalSet)) {
            return memory(evalSet).questions().stream().map(BfclMemoryQuestion::id).toList();
        }
        return java.util.List.copyOf(samples(evalSet).keySet());
    }

    private Path key(String evalSet) {
        return localPath(evalSet).toAbsolutePath().normalize();
    }

    public EvalSample sample(String evalSet, String sampleId) {
        EvalSample sample = samples(evalSet).get(sampleId);
        if (sample == null) {
            throw new IllegalArgumentException(evalSet + ": no sample with id '" + sampleId + "'");
        }
        return sample;
    }

    private static Map<String, EvalSample> index(Path file) {
        List<EvalSample> samples = EvalSetReader.read(file);
        Map<String, EvalSample> byId = new LinkedHashMap<>();
        for (EvalSample s : samples) {
            if (byId.putIfAbsent(s.sampleId(), s) != null) {
                throw new IllegalArgumentException(file + ": duplicate sample id '" + s.sampleId() + "'");
            }
        }
        return byId;
    }
}
