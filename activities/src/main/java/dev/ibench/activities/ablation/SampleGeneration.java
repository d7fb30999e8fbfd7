package dev.ibench.activities.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;

/**
 * The model-written part of a cell's ablation: what it adds to the sample the model is shown (a paraphrased question,
 * distractor tools) and how a prediction is read back. {@link #NONE} for the pure ablations.
 */
public interface SampleGeneration {
    SampleGeneration NONE = new SampleGeneration() {
        @Override
        public EvalSample shown(EvalSample original, EvalSample transformed) {
            return transformed;
        }

        @Override
        public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
            return parsed;
        }
    };

    /** @param transformed the sample after the ablation's pure transform */
    EvalSample shown(EvalSample original, EvalSample transformed);

    ParsedOutput restore(EvalSample original, ParsedOutput parsed);
}
