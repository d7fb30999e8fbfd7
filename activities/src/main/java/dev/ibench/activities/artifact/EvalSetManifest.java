package dev.ibench.activities.artifact;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one eval-set artifact is made of (itself an artifact; its hash is what campaign records hold): the eval-set
 * file's name; {@code files}, the files that travel with it by path relative to its folder (the eval set, a REST
 * set's published endpoints, a NESTful set's functions), by hash; {@code data}, the SQLite databases its samples and
 * endpoints name and the BIRD column descriptions beside them ({@code database_description/}), by path under a data
 * root of their own, by hash; and {@code databases}, each {@code database_path} as written in the files mapped to its
 * path under that data root. Maps are sorted so equal content gives equal bytes.
 */
public record EvalSetManifest(
        @JsonProperty("format") String format,
        @JsonProperty("eval_set") String evalSet,
        @JsonProperty("files") Map<String, String> files,
        @JsonProperty("data") Map<String, String> data,
        @JsonProperty("databases") Map<String, String> databases) {
    public static final String FORMAT = "ibench-eval-set/1";

    public EvalSetManifest {
        files = new TreeMap<>(files);
        data = data == null ? new TreeMap<>() : new TreeMap<>(data);
        databases = databases == null ? new TreeMap<>() : new TreeMap<>(databases);
    }
}
