package dev.ibench.core.sample;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One entry of a sample's {@code key_values_and_descriptions}: a key name the tools accept and what it holds. */
public record KeyDescription(
        @JsonProperty("key_name") String keyName,
        @JsonProperty("description") String description,
        @JsonProperty("dtype") String dtype) {}
