package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What a ReACT run did for one sample: the tool calls in the order the agent made them, the number of
 * think-act-observe loops it used, its loop budget, and whether it completed the task (final answer = gold).
 */
public record ReactTrajectory(String sampleId, List<ToolCall> calls, int loops, int budget, boolean completed) {
    public ReactTrajectory {
        calls = List.copyOf(calls);
    }
}
