package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/** The response body of an endpoint call: column names, rows of SQLite values, and whether rows were cut at the cap. */
public record EndpointResult(
        @JsonProperty("columns") List<String> columns,
        @JsonProperty("rows") List<List<Object>> rows,
        @JsonProperty("row_count") int rowCount,
        @JsonProperty("truncated") boolean truncated) {

    public Map<String, Object> toJson() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("columns", columns);
        m.put("rows", rows);
        m.put("row_count", rowCount);
        m.put("truncated", truncated);
        return m;
    }
}
