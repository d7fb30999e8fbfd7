package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What a ReACT run did for one sample: the tool calls in the order the agent made them, the number of
 * think-act-observe loops it used, its loop budget, whether it completed the task (final answer = gold) and whether
 * it gave a final answer at all.
 */
public record ReactTrajectory(String sampleId, List<ToolCall> calls, int loops, int budget, boolean completed, boolean answered) {
    public ReactTrajectory {
        calls = List.copyOf(calls);
    }

    /** A trajectory that gave a final answer exactly when it completed. */
    public ReactTrajectory(String sampleId, List<ToolCall> calls, int loops, int budget, boolean completed) {
        this(sampleId, calls, loops, budget, completed, completed);
    }
}
