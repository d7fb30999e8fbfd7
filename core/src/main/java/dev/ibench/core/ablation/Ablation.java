package dev.ibench.core.ablation;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.Collection;

/**
 * A named prompt transform of a campaign cell (seed 000 appendix C): what the model is shown of a sample and how its
 * answer is read back for scoring. {@code none} shows the sample as it is. The seed-004 ablations
 * ({@link #modelWritten()}) need a model to write their material; the worker applies it ({@link ParaphraseOutcome},
 * {@link ExpansionOutcome}) on top of {@link #shown}.
 */
public interface Ablation {
    String VALID_NAMES = "obfuscated, universe:<percent>, paraphrase, toolkit_expansion";
    /** How {@link #restore} marks a tool or argument name that was not offered (a call that matches nothing). */
    String NOT_OFFERED = "<not offered: %s>";

    /** The name as written in the campaign file ({@code none}, {@code obfuscated}, {@code universe:40}). */
    String name();

    /**
     * The sample as the model sees it. {@code evalSet} holds every sample of the cell's eval set (a tool universe is
     * taken from it); {@code seed} makes any random choice reproducible.
     */
    EvalSample shown(EvalSample sample, Collection<EvalSample> evalSet, long seed);

    /** The in-context examples as the model sees them. */
    default IclExamples icl(IclExamples examples) {
        return examples;
    }

    /**
     * The rendered prompt as the model reads it, after rendering the {@link #shown} sample: an ablation that hides names
     * rewrites every text of it here (template, examples, observations), the question excepted.
     */
    default RenderedPrompt prompt(EvalSample original, Collection<EvalSample> evalSet, long seed, RenderedPrompt prompt) {
        return prompt;
    }

    /** A text from the tools (a ReACT observation or error, the opening note) as the model reads it. */
    default String observation(EvalSample original, Collection<EvalSample> evalSet, long seed, String text) {
        return text;
    }

    /** A prediction for the shown sample, read back into the original sample's terms for scoring. */
    ParsedOutput restore(EvalSample original, Collection<EvalSample> evalSet, long seed, ParsedOutput parsed);

    /** True for ablations whose material a model writes (paraphrase, toolkit_expansion): a side effect, not a pure transform. */
    default boolean modelWritten() {
        return false;
    }

    /**
     * True when {@link #restore} marked the call as one no real tool can run: its tool or an argument name is
     * {@code <not offered: NAME>} or {@code <distractor: NAME>} (no real name starts with {@code <}). A ReACT action so
     * marked is not run.
     */
    static boolean refused(ToolCall call) {
        return marked(call.name()) || call.arguments().keySet().stream().anyMatch(Ablation::marked);
    }

    private static boolean marked(String name) {
        return name != null && name.startsWith("<") && name.endsWith(">");
    }

    /** @throws IllegalArgumentException naming the ablation and the valid ones */
    static Ablation parse(String name) {
        if (name == null || name.equals(NoAblation.NAME)) {
            return NoAblation.INSTANCE;
        }
        if (name.equals(Obfuscation.NAME)) {
            return Obfuscation.INSTANCE;
        }
        if (name.equals(ModelWrittenAblation.PARAPHRASE.name())) {
            return ModelWrittenAblation.PARAPHRASE;
        }
        if (name.equals(ModelWrittenAblation.TOOLKIT_EXPANSION.name())) {
            return ModelWrittenAblation.TOOLKIT_EXPANSION;
        }
        if (name.startsWith(ToolUniverse.PREFIX)) {
            return ToolUniverse.parse(name);
        }
        throw new IllegalArgumentException("unknown ablation '" + name + "' (valid: none, " + VALID_NAMES + ")");
    }
}
