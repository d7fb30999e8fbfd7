package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.testing.GoldReplayTestExecutor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleScorerTest {
    private final SampleScorer scorer = new SampleScorer(ParserChains.defaultChain(), new GoldReplayTestExecutor());
    private final EvalSample sample = new EvalSample("s1", "d", "q", null, "42",
            List.of(new ToolCall("f", Map.of("data_source", "$starting_table_var$", "k", "a"), "A"),
                    new ToolCall("g", Map.of("data_source", "$A$"), "B")),
            null, List.of(Map.of("name", "f"), Map.of("name", "g"), Map.of("name", "fail_h")), null);

    @Test
    void everyLostPointIsExplained() {
        SampleScore s = scorer.score(sample, "[{\"name\": \"f\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"k\": \"b\"}, \"label\": \"A\"},"
                + " {\"name\": \"fail_h\", \"arguments\": {\"data_source\": \"${A}\"}}]");
        assertThat(s.intent().get(IntentMode.LIST)).isEqualTo(new Counts(1, 1, 1));
        assertThat(s.intent().get(IntentMode.SET)).isEqualTo(new Counts(1, 1, 1));
        assertThat(s.slot()).isEqualTo(new Counts(1, 1, 1));
        assertThat(s.lcs().precision()).isEqualTo(0.5);
        assertThat(s.sequence().partial()).isZero();
        assertThat(s.completed()).isFalse();
        assertThat(s.error().category()).isEqualTo(BfclErrorCategory.WRONG_FUNC_NAME);
        assertThat(s.lostPoints()).containsExactly(
                "intent(list): position 1 predicted 'fail_h', gold 'g'; later positions are not credited",
                "intent(counter): gold call 'g' has no predicted counterpart",
                "intent(counter): predicted call 'fail_h' has no gold counterpart",
                "slot: gold call 0 (f) slot 'k = a' not predicted",
                "slot: predicted f slot 'k = b' not in gold call 0",
                "lcs: longest common name subsequence 1 of predicted 2 / gold 2",
                "sequence: 0 of 2 aligned calls match exactly (name and all arguments)",
                "completion: execution failed: error: fail_h raised",
                "error category: wrong_func_name: call 1: predicted 'fail_h', gold 'g'");
    }

    @Test
    void wrongFormatIsNotExecuted() {
        SampleScore s = scorer.score(sample, "[\"f\", \"g\"]");
        assertThat(s.completed()).isFalse();
        assertThat(s.intent().get(IntentMode.COUNTER)).isEqualTo(new Counts(0, 2, 2));
        assertThat(s.lostPoints()).contains("completion: output not parsed, nothing executed");
        assertThat(s.error().category()).isEqualTo(BfclErrorCategory.WRONG_FUNC_FORMAT);
    }

    /** Seed 000 section 4.1.1 divides by all instances: prose and wrongly formatted outputs count as not completed. */
    @Test
    void completionRateIsOverAllScoredSamplesIncludingUnparsedOnes() {
        String gold = "[{\"name\": \"f\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"k\": \"a\"}, \"label\": \"A\"},"
                + " {\"name\": \"g\", \"arguments\": {\"data_source\": \"$A$\"}, \"label\": \"B\"}]";
        SampleScore completed = scorer.score(sample, gold);
        assertThat(completed.completed()).isTrue();
        ScoreReport report = ScoreReport.of(List.of(completed, scorer.score(sample, "I cannot answer that."),
                scorer.score(sample, "[\"f\", \"g\"]")));
        assertThat(report.completionRate()).isEqualTo(1 / 3.0);
    }

    /** A stage that recurses without bound on this output, as a naive recursive-descent parser would. */
    private static final dev.ibench.core.parse.ParseStage OVERFLOWING_STAGE = new dev.ibench.core.parse.ParseStage() {
        @Override
        public String name() {
            return "overflowing";
        }

        @Override
        public java.util.Optional<Object> extract(String text) {
            throw new StackOverflowError();
        }
    };

    @Test
    void aParserThatBreaksOnTheOutputScoresItAsUnparsedWithTheReason() {
        SampleScorer breaking = new SampleScorer(new dev.ibench.core.parse.ParserChain("breaking", List.of(OVERFLOWING_STAGE)),
                new GoldReplayTestExecutor());
        SampleScore s = breaking.score(sample, "[[[[[[[[[[");
        assertThat(s.parsed().isParsed()).isFalse();
        assertThat(s.parsed().problem()).contains("parser failed").contains("StackOverflowError");
        assertThat(s.completed()).isFalse();
        assertThat(s.lostPoints()).anyMatch(l -> l.startsWith("parse: unparseable: parser failed"));
    }

    @Test
    void anExecutorThatBreaksOnThePredictedSequenceScoresItAsAnExecutionFailure() {
        dev.ibench.core.runtime.SequenceExecutor breaking = new dev.ibench.core.runtime.SequenceExecutor() {
            @Override
            public dev.ibench.core.runtime.ExecutionOutcome execute(EvalSample s, List<ToolCall> calls) {
                throw new IllegalStateException("result set of 2,000,000,000 rows exceeds the tool runtime's limit");
            }

            @Override
            public boolean matchesGold(EvalSample s, Object actual) {
                return false;
            }
        };
        SampleScore s = new SampleScorer(ParserChains.defaultChain(), breaking).score(sample,
                "[{\"name\": \"f\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"k\": \"a\"}, \"label\": \"A\"}]");
        assertThat(s.parsed().isParsed()).isTrue();
        assertThat(s.completed()).isFalse();
        assertThat(s.lostPoints()).contains("completion: execution failed: IllegalStateException: result set of 2,000,000,000 rows exceeds the tool runtime's limit");
    }
}
