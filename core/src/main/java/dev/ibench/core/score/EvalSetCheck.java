package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.List;

/**
 * The whole-file check a campaign runs on each eval set before it contacts a server or stores anything: the file is
 * text, parses completely as one of {@link EvalSetReader}'s layouts, holds at least one sample, and every sample has
 * the {@code sample_id} and {@code input} question a model is asked. A JSON file of something else (a build's
 * {@code coverage.json}, a list of ids) fails here with the reason.
 */
public final class EvalSetCheck {
    private EvalSetCheck() {}

    /** @throws IllegalArgumentException naming the file (and the sample) and what is wrong */
    public static List<EvalSample> samples(Path file) {
        try {
            return checked(file);
        } catch (IllegalArgumentException e) {
            if (BfclMultiTurnEvalSet.isOne(file)) {
                throw new IllegalArgumentException("eval set " + file + ": a BFCL multi-turn eval set; campaigns do not run multi-turn "
                        + "conversations yet (docs/bfcl.md#multi-turn)", e);
            }
            throw e;
        }
    }

    private static List<EvalSample> checked(Path file) {
        List<EvalSample> samples = EvalSetReader.read(file);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("eval set " + file + ": holds no samples");
        }
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            if (s.input() == null || s.input().isBlank()) {
                throw new IllegalArgumentException("eval set " + file + " sample #" + i + " (sample_id " + s.sampleId()
                        + "): no 'input' (the question the model is asked); is this an eval set?");
            }
        }
        return samples;
    }
}
