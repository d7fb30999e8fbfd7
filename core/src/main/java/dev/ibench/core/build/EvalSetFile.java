package dev.ibench.core.build;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * One eval-set file ({@code <source>-<db>-<style>.json}): metadata plus the samples under {@code data}, the
 * key the seed's published files use. {@code data_root} is the folder {@code database_path}s are relative to,
 * as given at build time.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EvalSetFile(
        @JsonProperty("source") String source,
        @JsonProperty("db_id") String dbId,
        @JsonProperty("style") String style,
        @JsonProperty("mode") String mode,
        @JsonProperty("data_root") String dataRoot,
        @JsonProperty("data") List<EvalSample> data) {}
