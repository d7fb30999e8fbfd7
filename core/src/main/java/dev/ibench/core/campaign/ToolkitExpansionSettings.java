package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Settings of the {@code toolkit_expansion} ablation (seed 004 section 2.2): the model that writes
 * {@code tools_per_gold_tool} related tools for each gold tool of a sample (default {@value #DEFAULT_TOOLS_PER_GOLD_TOOL}),
 * and the similarity window a written tool's signature must fall in, against its gold tool's signature
 * (all-MiniLM-L6-v2 cosine): at least {@code min_similarity} (default {@value #DEFAULT_MIN_SIMILARITY}) and at most
 * {@code max_similarity} (default 1: no upper bound; the seed drops tools above 0.8 as functionally equivalent).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolkitExpansionSettings(
        @JsonProperty("model") GeneratorModel model,
        @JsonProperty("tools_per_gold_tool") Integer toolsPerGoldTool,
        @JsonProperty("min_similarity") Double minSimilarity,
        @JsonProperty("max_similarity") Double maxSimilarity) {

    public static final int DEFAULT_TOOLS_PER_GOLD_TOOL = 3;
    public static final double DEFAULT_MIN_SIMILARITY = 0.8;

    public int toolsPerGoldToolOrDefault() {
        return toolsPerGoldTool == null ? DEFAULT_TOOLS_PER_GOLD_TOOL : toolsPerGoldTool;
    }

    public double minSimilarityOrDefault() {
        return minSimilarity == null ? DEFAULT_MIN_SIMILARITY : minSimilarity;
    }

    public double maxSimilarityOrDefault() {
        return maxSimilarity == null ? 1.0 : maxSimilarity;
    }

    List<String> problems(String field) {
        List<String> problems = GeneratorModel.problemsOf(model, field + ".model", "writes the related tools");
        if (toolsPerGoldTool != null && (toolsPerGoldTool < 1 || toolsPerGoldTool > 10)) {
            problems.add(field + ".tools_per_gold_tool: must be between 1 and 10, got " + toolsPerGoldTool);
        }
        GeneratorModel.checkCosine(problems, field + ".min_similarity", minSimilarity);
        GeneratorModel.checkCosine(problems, field + ".max_similarity", maxSimilarity);
        if (minSimilarityOrDefault() > maxSimilarityOrDefault()) {
            problems.add(field + ": min_similarity " + minSimilarityOrDefault() + " is above max_similarity " + maxSimilarityOrDefault()
                    + ", so no tool could be kept");
        }
        return problems;
    }
}
