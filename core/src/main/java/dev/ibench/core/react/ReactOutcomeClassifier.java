package dev.ibench.core.react;

import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.metrics.ReactTrajectory;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * Classifies a finished trajectory: completed when its Final Answer matches the gold answer
 * ({@link FinalAnswerValue}); OOB when the budget ran out without a final answer
 * ({@link ReactStatisticsMetric#isOutOfBudget}, as in the report); Stuck when it failed and made
 * the same call (name and arguments, labels ignored) at least twice in a row ({@link ReactStatisticsMetric#isStuck});
 * unclassified for any other failure.
 */
public final class ReactOutcomeClassifier {
    private ReactOutcomeClassifier() {}

    public static ReactOutcome classify(EvalSample sample, List<ReactStep> steps, int budget, SequenceExecutor executor) {
        List<ToolCall> calls = new ArrayList<>();
        int parseFailures = 0;
        int toolErrors = 0;
        String finalAnswer = null;
        for (ReactStep step : steps) {
            calls.addAll(step.calls());
            parseFailures += step.isParseFailure() ? 1 : 0;
            toolErrors += step.isToolError() ? 1 : 0;
            if (step.turn() instanceof ReactTurn.FinalAnswer f) {
                finalAnswer = f.answer();
            }
        }
        ReactEnd end = finalAnswer != null ? ReactEnd.FINAL_ANSWER : steps.size() >= budget ? ReactEnd.OUT_OF_BUDGET : ReactEnd.ABORTED;
        boolean completed = finalAnswer != null && FinalAnswerValue.matchesGold(executor, sample, finalAnswer);
        int loops = steps.size();
        ReactTrajectory trajectory = new ReactTrajectory(sample.sampleId(), calls, loops, budget, completed, finalAnswer != null);
        boolean stuck = ReactStatisticsMetric.isStuck(trajectory);
        boolean oob = ReactStatisticsMetric.isOutOfBudget(trajectory);
        return new ReactOutcome(sample.sampleId(), end, completed, loops, budget, oob, stuck, !completed && !oob && !stuck,
                parseFailures, toolErrors, finalAnswer, calls);
    }
}
