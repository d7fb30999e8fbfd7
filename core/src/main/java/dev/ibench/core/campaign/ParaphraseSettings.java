package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Settings of the {@code paraphrase} ablation (seed 004 section 2.1): the model that rewrites each question and the
 * meaning check a rewrite must pass to be used: cosine similarity of the all-MiniLM-L6-v2 embeddings of the original
 * and the rewrite at least {@code min_similarity} (default {@value #DEFAULT_MIN_SIMILARITY}). A rewrite that fails
 * it is not used: the sample keeps its original question, recorded as such.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParaphraseSettings(
        @JsonProperty("model") GeneratorModel model,
        @JsonProperty("min_similarity") Double minSimilarity) {

    public static final double DEFAULT_MIN_SIMILARITY = 0.8;

    public double minSimilarityOrDefault() {
        return minSimilarity == null ? DEFAULT_MIN_SIMILARITY : minSimilarity;
    }

    List<String> problems(String field) {
        List<String> problems = GeneratorModel.problemsOf(model, field + ".model", "rewrites the questions");
        GeneratorModel.checkCosine(problems, field + ".min_similarity", minSimilarity);
        return problems;
    }
}
