package dev.ibench.activities.campaign;

import dev.ibench.activities.artifact.EvalSetLocator;
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
