package dev.ibench.core.score;

import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores recorded predictions against an eval set. A prediction whose sample_id is not in the eval set is reported
 * (with its line) and skipped; eval-set samples without a prediction are listed as missing and not scored.
 */
public final class Rescorer {
    private final SampleScorer scorer;

    public Rescorer(SampleScorer scorer) {
        this.scorer = scorer;
    }

    /** The report over the scored samples, problems with individual predictions, and ids of samples without a prediction. */
    public record Result(ScoreReport report, List<String> problems, List<String> missingPredictions) {}

    public Result rescore(List<EvalSample> evalSet, List<Prediction> predictions, String predictionsName) {
        Map<String, EvalSample> byId = new LinkedHashMap<>();
        evalSet.forEach(s -> byId.putIfAbsent(String.valueOf(s.sampleId()), s));
        List<String> problems = new ArrayList<>();
        List<SampleScore> scores = new ArrayList<>();
        Map<String, Boolean> predicted = new LinkedHashMap<>();
        for (Prediction p : predictions) {
            EvalSample sample = byId.get(p.sampleId());
            if (sample == null) {
                problems.add(predictionsName + " line " + p.line() + ": unknown sample_id " + p.sampleId());
                continue;
            }
            predicted.put(p.sampleId(), true);
            scores.add(scorer.score(sample, p.generatedText()));
        }
        List<String> missing = byId.keySet().stream().filter(id -> !predicted.containsKey(id)).toList();
        return new Result(ScoreReport.of(scores), problems, missing);
    }
}
