package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.react.ReactSettings;
import java.util.List;

/**
 * A campaign file (docs/campaigns.md): the models x benchmarks x modes x ablations to evaluate,
 * which samples, how many trials per sample, how much runs at once, where results go, the ReACT
 * budget and observation size for {@code react} cells, decoding settings that override the profiles, and the settings
 * of the ablations a model writes ({@code ablation_settings}).
 */
public record CampaignSpec(
        @JsonProperty("name") String name,
        @JsonProperty("models") List<ModelEntry> models,
        @JsonProperty("benchmarks") List<BenchmarkEntry> benchmarks,
        @JsonProperty("modes") List<String> modes,
        @JsonProperty("ablations") List<String> ablations,
        @JsonProperty("samples") SampleSelection samples,
        @JsonProperty("trials") Integer trials,
        @JsonProperty("cells_in_flight") Integer cellsInFlight,
        @JsonProperty("samples_in_flight") Integer samplesInFlight,
        @JsonProperty("output") String output,
        @JsonProperty("react") ReactSettings react,
        @JsonProperty("decoding") DecodingOverrides decoding,
        @JsonProperty("ablation_settings") AblationSettings ablationSettings) {

    public static final String DEFAULT_ABLATION = "none";

    public CampaignSpec {
        models = models == null ? List.of() : List.copyOf(models);
        benchmarks = benchmarks == null ? List.of() : List.copyOf(benchmarks);
        modes = modes == null || modes.isEmpty() ? List.of("direct") : List.copyOf(modes);
        ablations = ablations == null || ablations.isEmpty() ? List.of(DEFAULT_ABLATION) : List.copyOf(ablations);
        samples = samples == null ? SampleSelection.all() : samples;
        trials = trials == null ? 1 : trials;
        cellsInFlight = cellsInFlight == null ? 2 : cellsInFlight;
        samplesInFlight = samplesInFlight == null ? 8 : samplesInFlight;
        output = output == null ? "out/campaigns" : output;
        react = react == null ? ReactSettings.DEFAULT : react;
        decoding = decoding == null ? DecodingOverrides.NONE : decoding;
        ablationSettings = ablationSettings == null ? AblationSettings.NONE : ablationSettings;
    }
}
