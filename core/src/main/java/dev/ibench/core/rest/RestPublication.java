package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The published endpoints of one database ({@code <source>-<db>-rest-endpoints.json}): what {@code serve-tools}
 * serves. {@code database_path} is relative to {@code data_root} (or absolute); {@code produced_by} counts
 * endpoints per generator; {@code dedup} lists the dedup decisions.
 */
public record RestPublication(
        @JsonProperty("source") String source,
        @JsonProperty("db_id") String dbId,
        @JsonProperty("database_path") String databasePath,
        @JsonProperty("data_root") String dataRoot,
        @JsonProperty("endpoints") List<EndpointSpec> endpoints,
        @JsonProperty("produced_by") Map<String, Integer> producedBy,
        @JsonProperty("dedup") List<DedupDecision> dedup) {

    public static final String FILE_SUFFIX = "-rest-endpoints.json";
    /** How the file name of a REST eval set ends. */
    public static final String EVAL_SET_SUFFIX = "-rest.json";

    public RestPublication {
        endpoints = List.copyOf(endpoints);
        dedup = dedup == null ? List.of() : List.copyOf(dedup);
    }

    /** The published endpoints file of a REST eval set: {@code <prefix>-rest-endpoints.json} next to {@code <prefix>-rest.json}. */
    public static java.nio.file.Path endpointsFileOf(java.nio.file.Path evalSet) {
        String name = evalSet.getFileName().toString();
        if (!name.endsWith(EVAL_SET_SUFFIX)) {
            throw new IllegalArgumentException(evalSet + " is not a REST eval set (its name does not end with " + EVAL_SET_SUFFIX + ")");
        }
        return evalSet.resolveSibling(name.substring(0, name.length() - EVAL_SET_SUFFIX.length()) + FILE_SUFFIX);
    }

    /** Reads the published endpoints of a REST eval set; a missing or unreadable file is an error naming it. */
    public static RestPublication ofEvalSet(java.nio.file.Path evalSet) {
        java.nio.file.Path file = endpointsFileOf(evalSet);
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw new IllegalArgumentException("REST eval set " + evalSet + " has no published endpoints next to it (" + file.getFileName() + ")");
        }
        try {
            return dev.ibench.core.json.Json.MAPPER.readValue(file.toFile(), RestPublication.class);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable endpoints file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The database file: {@code database_path} under {@code dataRootOverride} when given, else under {@code data_root}. */
    public java.nio.file.Path databaseFile(java.nio.file.Path dataRootOverride) {
        java.nio.file.Path p = java.nio.file.Path.of(databasePath);
        if (p.isAbsolute()) return p;
        java.nio.file.Path base = dataRootOverride != null ? dataRootOverride : java.nio.file.Path.of(dataRoot == null ? "." : dataRoot);
        return base.resolve(p).normalize();
    }
}
