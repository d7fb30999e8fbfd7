package dev.ibench.core.metrics;

import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Optional;

/**
 * Completion rate, seed 000 section 4.1.1: "the proportion of all instances where the models were able to return the
 * ground-truth response". The predicted sequence is executed from the sample's starting table by the tool runtime
 * ({@link SequenceExecutor}); a sample completes when every call ran without error and the final answer equals the gold
 * answer under the builder's comparison. This is also NESTful's (seed 003, 4.3) win rate: "all the predicted APIs are
 * valid and when executed lead to the gold answer". An unparsed or empty prediction never completes.
 */
public final class CompletionRateMetric {
    private final SequenceExecutor executor;

    public CompletionRateMetric(SequenceExecutor executor) {
        this.executor = executor;
    }

    /** The outcome of the run and whether it completed. */
    public record Result(boolean completed, ExecutionOutcome outcome) {}

    /** Why the sample cannot be executed here at all (an infrastructure problem), or empty. */
    public Optional<String> unavailable(EvalSample sample) {
        return executor.unavailable(sample);
    }

    /**
     * Runs the predicted sequence. An executor that breaks on it (an exception, a stack overflow) is a failed
     * execution of that sequence, with the reason as its observation: the sequence is the model's, so the failure is
     * too (infrastructure problems are reported by {@link #unavailable} before anything runs).
     */
    public Result evaluate(EvalSample sample, List<ToolCall> predicted) {
        if (predicted.isEmpty()) {
            return new Result(false, new ExecutionOutcome(null, List.of(), false));
        }
        ExecutionOutcome outcome;
        try {
            outcome = executor.execute(sample, predicted);
        } catch (RuntimeException | StackOverflowError broken) {
            String reason = broken.getClass().getSimpleName() + (broken.getMessage() == null ? "" : ": " + broken.getMessage());
            return new Result(false, new ExecutionOutcome(null, List.of(reason), false));
        }
        return new Result(outcome.ok() && executor.matchesGold(sample, outcome.answer()), outcome);
    }
}
