package dev.ibench.core.report;

import java.util.List;

/**
 * What a reader needs to see why a sample scored as it did: the question, the rendered prompt, the raw model output
 * (every step's for ReACT), the parsed calls, the execution trace, the gold sequence and every lost point.
 * Text fields may be null when the store holds nothing for them (e.g. no prompt of an older campaign).
 * {@code reasoning} is the model's reasoning, kept apart from the output it was never parsed with (null: none).
 */
public record SampleDetail(
        String question,
        String prompt,
        List<String> rawOutputs,
        String parsedCalls,
        List<String> trace,
        String gold,
        List<String> lostPoints,
        String error,
        String reasoning) {

    public SampleDetail(String question, String prompt, List<String> rawOutputs, String parsedCalls, List<String> trace, String gold,
                        List<String> lostPoints, String error) {
        this(question, prompt, rawOutputs, parsedCalls, trace, gold, lostPoints, error, null);
    }

    public SampleDetail {
        rawOutputs = rawOutputs == null ? List.of() : List.copyOf(rawOutputs);
        trace = trace == null ? List.of() : List.copyOf(trace);
        lostPoints = lostPoints == null ? List.of() : List.copyOf(lostPoints);
    }
}
