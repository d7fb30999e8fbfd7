package dev.ibench.activities.artifact;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one eval-set artifact is made of (itself an artifact; its hash is what campaign records hold): the eval-set
 * file's name, the files that travel with it by path relative to its folder (the eval set, a REST set's published
 * endpoints, a NESTful set's functions) and the SQLite databases its samples and endpoints name
 * ({@code database_path} as written in the files), each by hash. Maps are sorted so equal content gives equal bytes.
 */
public record EvalSetManifest(
        @JsonProperty("format") String format,
        @JsonProperty("eval_set") String evalSet,
        @JsonProperty("files") Map<String, String> files,
        @JsonProperty("databases") Map<String, String> databases) {
    public static final String FORMAT = "ibench-eval-set/1";

    public EvalSetManifest {
        files = new TreeMap<>(files);
        databases = databases == null ? new TreeMap<>() : new TreeMap<>(databases);
    }
}
