package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One query parameter of an endpoint. {@code position} is the SQLite parameter number ({@code ?N}) it binds in
 * the endpoint's SQL template; {@code column} is the {@code table.column} it is compared with (for humans and
 * the code-gen prompt, not used to execute).
 */
public record QueryParameter(
        @JsonProperty("name") String name,
        @JsonProperty("type") ParamType type,
        @JsonProperty("title") String title,
        @JsonProperty("description") String description,
        @JsonProperty("required") boolean required,
        @JsonProperty("position") int position,
        @JsonProperty("column") String column) {}
