package dev.ibench.activities.llm;

import dev.ibench.core.prompt.RenderedPrompt;
import java.util.Objects;

/**
 * One model call: what to send ({@code prompt}: raw text or messages plus native tools) and how to decode.
 * {@code sampleId} identifies the sample for the test providers (oracle, replay) and for tracing;
 * it is not part of the cache key (two samples with the same prompt share one answer). {@code trial} is: two trials
 * of a sample are two requests, never one cached answer.
 */
public record ModelRequest(String model, RenderedPrompt prompt, DecodingSettings decoding, String sampleId, int trial) {
    public ModelRequest {
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(decoding, "decoding");
    }

    /** A request outside campaign trials (trial 0). */
    public ModelRequest(String model, RenderedPrompt prompt, DecodingSettings decoding, String sampleId) {
        this(model, prompt, decoding, sampleId, 0);
    }
}
