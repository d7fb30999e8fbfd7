package dev.ibench.activities.campaign;

import dev.ibench.activities.ablation.SampleGeneration;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * A cell's ablation bound to what it needs: the cell's eval set (a tool universe is drawn from it), the campaign
 * seed and, for the model-written ablations, their {@link SampleGeneration}. The model runner shows samples through
 * it, the scorer reads predictions back through it.
 */
public record CellAblation(Ablation ablation, List<EvalSample> evalSet, long seed, SampleGeneration generation) {
    public static final CellAblation NONE = new CellAblation(Ablation.parse(null), List.of(), 0);

    public CellAblation {
        evalSet = List.copyOf(evalSet);
    }

    public CellAblation(Ablation ablation, List<EvalSample> evalSet, long seed) {
        this(ablation, evalSet, seed, SampleGeneration.NONE);
    }

    public String name() {
        return ablation.name();
    }

    /** The sample as the model sees it (a model-written ablation writes its material now, or reads it from the store). */
    public EvalSample shown(EvalSample sample) {
        return generation.shown(sample, transformed(sample));
    }

    /** The sample after the pure transform only (names, tool list), without model-written material. */
    public EvalSample transformed(EvalSample sample) {
        return ablation.shown(sample, evalSet, seed);
    }

    public IclExamples icl(IclExamples examples) {
        return ablation.icl(examples);
    }

    public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
        return ablation.restore(original, evalSet, seed, generation.restore(original, parsed));
    }
}
