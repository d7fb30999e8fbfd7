package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.ErrorClassification;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.LcsMetric;
import dev.ibench.core.metrics.SequenceAccuracyMetric;
import dev.ibench.core.nestful.NestfulSampleFacts;
import dev.ibench.core.parse.ParsedOutput;
import java.util.List;
import java.util.Map;

/**
 * Every score of one sample and the reason for every point it lost. {@code completed} is null when no tool runtime
 * was available to execute the prediction. {@code nestful} is null except for NESTful samples, {@code bfcl} except for
 * BFCL samples.
 */
public record SampleScore(
        String sampleId,
        ParsedOutput parsed,
        List<String> goldNames,
        List<String> predictedNames,
        Map<IntentMode, Counts> intent,
        Counts slot,
        LcsMetric.Score lcs,
        SequenceAccuracyMetric.Score sequence,
        Boolean completed,
        ErrorClassification error,
        List<String> lostPoints,
        NestfulSampleFacts nestful,
        BfclVerdict bfcl) {

    public SampleScore {
        intent = Map.copyOf(intent);
        lostPoints = List.copyOf(lostPoints);
        goldNames = List.copyOf(goldNames);
        predictedNames = List.copyOf(predictedNames);
    }
}
