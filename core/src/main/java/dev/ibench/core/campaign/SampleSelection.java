package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which samples of each benchmark a campaign runs: at most {@code limit}, drawn with {@code seed} (all, in file order, when limit is null). */
public record SampleSelection(@JsonProperty("limit") Integer limit, @JsonProperty("seed") Long seed) {
    public static SampleSelection all() {
        return new SampleSelection(null, null);
    }
}
