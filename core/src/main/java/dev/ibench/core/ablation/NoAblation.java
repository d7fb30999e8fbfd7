package dev.ibench.core.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import java.util.Collection;

/** The sample as it is. */
final class NoAblation implements Ablation {
    static final String NAME = "none";
    static final NoAblation INSTANCE = new NoAblation();

    private NoAblation() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public EvalSample shown(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        return sample;
    }

    @Override
    public ParsedOutput restore(EvalSample original, Collection<EvalSample> evalSet, long seed, ParsedOutput parsed) {
        return parsed;
    }
}
