package dev.ibench.activities.campaign;

import dev.ibench.activities.ablation.SampleGeneration;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
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

    /** A prompt rendered from {@link #shown}{@code (original)} as the model reads it (obfuscation rewrites its texts). */
    public RenderedPrompt prompt(EvalSample original, RenderedPrompt rendered) {
        return ablation.prompt(original, evalSet, seed, rendered);
    }

    /** A tool's observation or error text as the model reads it. */
    public String observation(EvalSample original, String text) {
        return ablation.observation(original, evalSet, seed, text);
    }

    /** One action of a ReACT agent in the sample's own names, to run against the real tools. */
    public ToolCall restore(EvalSample original, ToolCall action) {
        return restore(original, ParsedOutput.parsed(List.of(action), "react")).calls().get(0);
    }

    public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
        return ablation.restore(original, evalSet, seed, generation.restore(original, parsed));
    }
}
