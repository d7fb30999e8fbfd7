package dev.ibench.core.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import java.util.Collection;

/**
 * The seed-004 ablations, whose material a model writes: {@code paraphrase} (section 2.1, the question rewritten) and
 * {@code toolkit_expansion} (section 2.2, related tools added to the offered list). Writing it is a model call, so it is
 * no pure transform: here the sample passes unchanged, and the worker applies the stored outcome
 * ({@link ParaphraseOutcome#applyTo}, {@link ExpansionOutcome#applyTo}, {@link ExpansionOutcome#restore}).
 */
final class ModelWrittenAblation implements Ablation {
    static final ModelWrittenAblation PARAPHRASE = new ModelWrittenAblation("paraphrase");
    static final ModelWrittenAblation TOOLKIT_EXPANSION = new ModelWrittenAblation("toolkit_expansion");

    private final String name;

    private ModelWrittenAblation(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean modelWritten() {
        return true;
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
