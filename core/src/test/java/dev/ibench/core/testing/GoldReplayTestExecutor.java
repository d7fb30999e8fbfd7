package dev.ibench.core.testing;

import dev.ibench.core.metrics.CallIdentity;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * TEST DOUBLE, not a tool runtime: "executes" a sequence by answering the sample's gold answer when the calls are
 * exactly the gold calls, a fixed wrong answer otherwise, and fails (ok=false) on a call named {@code fail_*}.
 * Lets scoring tests exercise the completion-rate path without the builder's runtime.
 */
public final class GoldReplayTestExecutor implements SequenceExecutor {
    public static final String WRONG_ANSWER = "<not the gold answer>";

    @Override
    public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
        if (calls.stream().anyMatch(c -> c.name().startsWith("fail_"))) {
            return new ExecutionOutcome(null, List.of("error: " + calls.get(calls.size() - 1).name() + " raised"), false);
        }
        boolean same = calls.size() == sample.output().size();
        for (int i = 0; same && i < calls.size(); i++) {
            same = CallIdentity.of(calls.get(i)).equals(CallIdentity.of(sample.output().get(i)));
        }
        return new ExecutionOutcome(same ? sample.goldAnswer() : WRONG_ANSWER, List.of("ran " + calls.size() + " calls"), true);
    }

    @Override
    public boolean matchesGold(EvalSample sample, Object actual) {
        return Objects.equals(String.valueOf(sample.goldAnswer()), String.valueOf(actual));
    }
}
