package dev.ibench.core.ablation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.sample.EvalSample;

/**
 * What the {@code paraphrase} ablation made of one question: the model's rewrite, the meaning check it was put to
 * ({@code check}, e.g. {@code embedding cosine all-MiniLM-L6-v2 >= 0.80}) with its {@code similarity}, and whether it was
 * accepted. A rejected rewrite (or no usable answer) leaves the original question in place, with the {@code reason}.
 */
public record ParaphraseOutcome(
        @JsonProperty("original") String original,
        @JsonProperty("rewrite") String rewrite,
        @JsonProperty("similarity") Double similarity,
        @JsonProperty("check") String check,
        @JsonProperty("accepted") boolean accepted,
        @JsonProperty("reason") String reason,
        @JsonProperty("generator") String generator) {

    /** The question the model is asked: the rewrite when accepted, else the original. */
    @JsonIgnore
    public String question() {
        return accepted ? rewrite : original;
    }

    public EvalSample applyTo(EvalSample sample) {
        return new EvalSample(sample.sampleId(), sample.datasetName(), question(), sample.query(), sample.goldAnswer(), sample.output(),
                sample.initializationStep(), sample.tools(), sample.keyValuesAndDescriptions());
    }
}
