package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One built eval-set file of a campaign, under a short name used in cell ids and reports. {@code apiKeyEnv} (BFCL
 * web-search sets only, else null) is the NAME of the workers' environment variable that holds the search service's
 * key; the key itself is never in a campaign file, the store or workflow history (docs/bfcl.md#web-search).
 */
public record BenchmarkEntry(@JsonProperty("name") String name, @JsonProperty("eval_set") String evalSet,
                             @JsonProperty("api_key_env") @JsonInclude(JsonInclude.Include.NON_NULL) String apiKeyEnv) {
    public BenchmarkEntry(String name, String evalSet) {
        this(name, evalSet, null);
    }

    /** The same benchmark with its eval set named {@code evalSet} (a resolved path or an artifact reference). */
    public BenchmarkEntry withEvalSet(String evalSet) {
        return new BenchmarkEntry(name, evalSet, apiKeyEnv);
    }
}
