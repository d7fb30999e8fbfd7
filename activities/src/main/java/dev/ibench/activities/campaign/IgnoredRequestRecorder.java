package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;

/**
 * Records, per sample of a cell, the signs that the server ignored the profile's constrained output or native tools
 * ({@link IgnoredRequestParts}) in the results store's {@code errors} table, where {@code campaign status} counts them.
 * A warning, not an outcome: the sample is scored as usual.
 */
final class IgnoredRequestRecorder {
    private final ResultsStore store;

    IgnoredRequestRecorder(ResultsStore store) {
        this.store = store;
    }

    void record(String cellId, EvalSample sample, int trial, ModelProfile profile, RenderedPrompt prompt, ModelResponse response) {
        boolean constrained = ModelRequests.request(profile, prompt, sample.sampleId(), sample.tools()).decoding().jsonSchema() != null;
        for (IgnoredRequestParts.Finding finding : IgnoredRequestParts.of(profile, constrained, prompt, response)) {
            store.recordError(cellId, sample.sampleId(), trial, 0, finding.kind(), finding.message());
        }
    }
}
