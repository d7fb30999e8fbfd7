package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A REST endpoint as data: the one declaration from which the server, the OpenAPI document and the tool list
 * are derived. {@code sql} is a read-only SELECT with SQLite numbered placeholders {@code ?1, ?2, ...} that the
 * parameters bind by {@link QueryParameter#position()}. {@code producedBy} records which generator made it
 * ({@code deterministic} or {@code llm:<profile>}).
 */
public record EndpointSpec(
        @JsonProperty("name") String name,
        @JsonProperty("method") String method,
        @JsonProperty("path") String path,
        @JsonProperty("summary") String summary,
        @JsonProperty("description") String description,
        @JsonProperty("parameters") List<QueryParameter> parameters,
        @JsonProperty("sql") String sql,
        @JsonProperty("response") ResponseShape response,
        @JsonProperty("produced_by") String producedBy) {

    public static final String GET = "GET";

    public EndpointSpec {
        parameters = List.copyOf(parameters);
    }

    public QueryParameter parameter(String name) {
        for (QueryParameter p : parameters) {
            if (p.name().equals(name)) return p;
        }
        return null;
    }

    public EndpointSpec withResponseColumns(List<String> columns) {
        return new EndpointSpec(name, method, path, summary, description, parameters, sql, new ResponseShape(columns, response.ordered()), producedBy);
    }

    public EndpointSpec withNameAndPath(String newName, String newPath) {
        return new EndpointSpec(newName, method, newPath, summary, description, parameters, sql, response, producedBy);
    }
}
