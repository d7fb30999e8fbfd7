package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.bfcl.BfclFormatSensitivityJudge;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Recorded raw outputs of a {@link BfclFormatSensitivityEvalSet} scored as bfcl-eval's {@code format_sensitivity_runner}
 * scores a result file: each entry with a prediction judged by {@link BfclFormatSensitivityJudge}, in bfcl-eval's entry
 * order (the index of the id), counted per configuration ({@link BfclFormatSensitivity#stats}); entries without a
 * prediction are left out as bfcl-eval's partial evaluation leaves them out. Also the failing entries by error type,
 * predictions naming no entry of the set ({@code problems}) and the entries without one ({@code missing}).
 */
public record BfclFormatSensitivityScore(BfclFormatSensitivity.Stats stats, Map<String, Integer> errorTypes, List<String> problems,
        List<String> missing) {

    public static BfclFormatSensitivityScore of(List<EvalSample> samples, List<Prediction> predictions, String predictionsName) {
        Map<String, EvalSample> byId = new LinkedHashMap<>();
        samples.forEach(s -> byId.putIfAbsent(s.sampleId(), s));
        Map<String, String> outputs = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Prediction p : predictions) {
            if (!byId.containsKey(p.sampleId())) {
                problems.add(predictionsName + " line " + p.line() + ": unknown sample_id " + p.sampleId());
            } else {
                outputs.put(p.sampleId(), p.generatedText());
            }
        }
        List<EvalSample> judged = outputs.keySet().stream().map(byId::get)
                .sorted(Comparator.comparingInt(s -> BfclFormatSensitivity.EntryId.parse(s.sampleId()).index())).toList();
        Map<String, BfclSummary.Category> byConfig = new LinkedHashMap<>();
        Map<String, Integer> errorTypes = new TreeMap<>();
        for (EvalSample s : judged) {
            BfclVerdict v = BfclFormatSensitivityJudge.judge(s, outputs.get(s.sampleId()));
            byConfig.merge(BfclFormatSensitivity.EntryId.parse(s.sampleId()).config(), new BfclSummary.Category(1, v.valid() ? 1 : 0),
                    BfclSummary.Category::plus);
            if (!v.valid()) {
                errorTypes.merge(v.errorType(), 1, Integer::sum);
            }
        }
        List<String> missing = byId.keySet().stream().filter(id -> !outputs.containsKey(id)).toList();
        return new BfclFormatSensitivityScore(BfclFormatSensitivity.stats(byConfig), errorTypes, problems, missing);
    }

    /** Whether the samples are a format-sensitivity set's entries (judged by their ids). */
    public static boolean isFormatSensitivity(List<EvalSample> samples) {
        return !samples.isEmpty() && samples.stream().allMatch(s -> BfclFormatSensitivity.isEntryId(s.sampleId()));
    }
}
