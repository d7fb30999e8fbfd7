package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What an endpoint returns: a JSON object {@code {"columns":[...], "rows":[[...]], "row_count":n, "truncated":b}}
 * whose columns are these; {@code ordered} says whether row order is meaningful (the SQL has an ORDER BY).
 */
public record ResponseShape(@JsonProperty("columns") List<String> columns, @JsonProperty("ordered") boolean ordered) {
    public ResponseShape {
        columns = List.copyOf(columns);
    }
}
