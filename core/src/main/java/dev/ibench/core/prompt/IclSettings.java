package dev.ibench.core.prompt;

import com.fasterxml.jackson.annotation.JsonProperty;

/** ICL part of a profile: how many examples (the seed uses 3) and how they are written. */
public record IclSettings(@JsonProperty("count") Integer count, @JsonProperty("format") IclFormat format) {
    public static final IclSettings SEED_DEFAULT = new IclSettings(3, IclFormat.FULL);

    public IclSettings {
        count = count == null ? 3 : count;
        format = format == null ? IclFormat.FULL : format;
        if (count < 0) {
            throw new IllegalArgumentException("icl.count must be >= 0, got " + count);
        }
    }
}
