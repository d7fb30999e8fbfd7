package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.client.PromptFit;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures, before anything is sent, how each sample's prompt fits a model's context: the first trial's request of a
 * direct cell without ablation, rendered as {@link ModelRunners} renders it, measured by the model's own tokenizer
 * ({@link ModelClient#measure}). Lets a caller plan only samples that can run (the demo does).
 */
public final class PromptFits {
    private PromptFits() {}

    /** Per sample id, in eval-set order: its fit, or empty when the model cannot tell before a call. */
    public static Map<String, Optional<PromptFit>> of(ModelProfile profile, ModelClient client, List<EvalSample> evalSet,
                                                      DecodingOverrides decoding) {
        Map<String, Optional<PromptFit>> fits = new LinkedHashMap<>();
        if (evalSet.isEmpty()) {
            return fits;
        }
        PromptRenderer renderer = new PromptRenderer(profile, IclExamples.bundled(PromptStyles.of(evalSet.get(0))));
        ModelRunner runner = new ModelRunner(profile, ModelRunner.inOwnStyle(renderer), null, decoding, CellAblation.NONE,
                ToolCallSchema.maxCalls(evalSet));
        for (EvalSample sample : evalSet) {
            fits.put(sample.sampleId(), client.measure(runner.prepare(sample, 0).request()));
        }
        return fits;
    }
}
