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

    public RestPublication {
        endpoints = List.copyOf(endpoints);
        dedup = dedup == null ? List.of() : List.copyOf(dedup);
    }

    /** The database file: {@code database_path} under {@code dataRootOverride} when given, else under {@code data_root}. */
    public java.nio.file.Path databaseFile(java.nio.file.Path dataRootOverride) {
        java.nio.file.Path p = java.nio.file.Path.of(databasePath);
        if (p.isAbsolute()) return p;
        java.nio.file.Path base = dataRootOverride != null ? dataRootOverride : java.nio.file.Path.of(dataRoot == null ? "." : dataRoot);
        return base.resolve(p).normalize();
    }
}
