package dev.ibench.core.runtime;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Optional;

/**
 * Runs a sequence of tool calls for a sample, starting from the sample's starting table
 * (the result of its hidden {@code initialization_step}), and reports the final answer.
 * Implemented by the tool runtime; used by the completion-rate metric and the harnesses.
 * Never throws for bad calls: problems are reported in the outcome.
 */
public interface SequenceExecutor {
    ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls);

    /**
     * Why the sample cannot be executed at all (its database or starting table is unavailable), or empty when it
     * can. Such a sample has no completion result: that is an infrastructure problem, never the model's failure.
     */
    default Optional<String> unavailable(EvalSample sample) {
        return Optional.empty();
    }

    /** True when {@code actual} is the same answer as the sample's gold answer under the builder's normalisation. */
    boolean matchesGold(EvalSample sample, Object actual);
}
