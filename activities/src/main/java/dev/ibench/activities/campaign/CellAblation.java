package dev.ibench.activities.campaign;

import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * A cell's ablation bound to what it needs: the cell's eval set (a tool universe is drawn from it) and the campaign
 * seed. The model runner shows samples through it, the scorer reads predictions back through it.
 */
public record CellAblation(Ablation ablation, List<EvalSample> evalSet, long seed) {
    public static final CellAblation NONE = new CellAblation(Ablation.parse(null), List.of(), 0);

    public CellAblation {
        evalSet = List.copyOf(evalSet);
    }

    public String name() {
        return ablation.name();
    }

    public EvalSample shown(EvalSample sample) {
        return ablation.shown(sample, evalSet, seed);
    }

    public IclExamples icl(IclExamples examples) {
        return ablation.icl(examples);
    }

    public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
        return ablation.restore(original, evalSet, seed, parsed);
    }
}
