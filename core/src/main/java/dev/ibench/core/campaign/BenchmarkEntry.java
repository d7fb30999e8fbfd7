package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One built eval-set file of a campaign, under a short name used in cell ids and reports. */
public record BenchmarkEntry(@JsonProperty("name") String name, @JsonProperty("eval_set") String evalSet) {}
