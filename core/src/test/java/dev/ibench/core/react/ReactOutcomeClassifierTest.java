package dev.ibench.core.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class ReactOutcomeClassifierTest {
    /** Gold answer 42; compares values exactly (the real comparison is the runtime's, tested with it). */
    private static final SequenceExecutor EQUALS_42 = new SequenceExecutor() {
        @Override
        public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean matchesGold(EvalSample sample, Object actual) {
            return actual instanceof Number n && n.doubleValue() == 42.0 || Objects.equals(actual, sample.goldAnswer());
        }
    };
    private static final EvalSample SAMPLE = new EvalSample("s1", "d", "q?", "SELECT", 42, List.of(), null, List.of(), List.of());
    private static final String CALL = "t\nAction: f\nAction Input: {\"a\": 1}";

    @Test
    void finalAnswerMatchingGoldCompletes() {
        ReactOutcome o = classify(List.of(action(1, CALL), ReactStep.of(2, "done\nFinal Answer: $RESULT_1$: 42")), 10);
        assertThat(o.completed()).isTrue();
        assertThat(o.end()).isEqualTo(ReactEnd.FINAL_ANSWER);
        assertThat(o.loops()).isEqualTo(2);
        assertThat(o.outOfBudget() || o.stuck() || o.unclassified()).isFalse();
    }

    @Test
    void budgetUsedUpIsOobAndRepeatedCallIsStuckBothAtOnce() {
        List<ReactStep> steps = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            steps.add(action(i, CALL));
        }
        ReactOutcome o = classify(steps, 3);
        assertThat(o.end()).isEqualTo(ReactEnd.OUT_OF_BUDGET);
        assertThat(o.outOfBudget()).isTrue();
        assertThat(o.stuck()).isTrue();
        assertThat(o.unclassified()).isFalse();
    }

    @Test
    void wrongAnswerWithoutRepeatsIsUnclassifiedAndCountsParseAndToolErrors() {
        ReactOutcome o = classify(List.of(ReactStep.of(1, "???"),
                ReactStep.of(2, "t\nAction: g\nAction Input: {}").withObservation("Error: unknown tool 'g'", false),
                ReactStep.of(3, "Final Answer: 41")), 10);
        assertThat(o.completed()).isFalse();
        assertThat(o.unclassified()).isTrue();
        assertThat(o.parseFailures()).isEqualTo(1);
        assertThat(o.toolErrors()).isEqualTo(1);
        assertThat(o.trajectory().calls()).extracting(ToolCall::name).containsExactly("g");
    }

    @Test
    void aWrongFinalAnswerInTheLastAllowedLoopIsNotOobInTheFlagNorInTheReportStatistics() {
        ReactOutcome o = classify(List.of(action(1, CALL), action(2, CALL.replace("1", "2")), ReactStep.of(3, "Final Answer: 41")), 3);
        assertThat(o.loops()).isEqualTo(3);
        assertThat(o.outOfBudget()).isFalse();
        assertThat(o.unclassified()).isTrue();
        assertThat(ReactStatisticsMetric.summarize(List.of(o.trajectory())).outOfBudget()).as("the report's OOB").isEqualTo(0.0);
    }

    @Test
    void finalAnswerTextIsReadAsJsonNumberOrText() {
        assertThat(FinalAnswerValue.candidates("$RESULT_2$: [\"a\", 1]")).first().isEqualTo(List.of("a", 1));
        assertThat(FinalAnswerValue.candidates("42.")).contains(42L);
        assertThat(FinalAnswerValue.candidates("```json\n{'k': 2}\n```")).first().isEqualTo(Map.of("k", 2));
        assertThat(FinalAnswerValue.candidates("Marvel Comics")).containsExactly("Marvel Comics");
    }

    @Test
    void aRestResponseGivenBackAsTheAnswerCountsByItsRows() {
        String body = "{\"columns\":[\"n\"],\"rows\":[[42]],\"row_count\":1,\"truncated\":false}";
        assertThat(ReactObservations.http(200, body)).isEqualTo("HTTP 200: " + body);
        assertThat(ReactObservations.valueText("HTTP 200: " + body)).isEqualTo(body);
        assertThat(ReactObservations.valueText("HTTP 400: {\"error\":\"x\"}")).isEqualTo("{\"error\":\"x\"}");
        // one cell folds to the value, one column to a list, else the rows stay rows (as gold answers are stored)
        assertThat(FinalAnswerValue.candidates("HTTP 200: " + body)).contains(42);
        assertThat(FinalAnswerValue.candidates("{\"rows\":[[\"a\"],[\"b\"]]}")).contains(List.of("a", "b"));
        assertThat(FinalAnswerValue.candidates("{\"rows\":[[\"a\", 1],[\"b\", 2]]}")).contains(List.of(List.of("a", 1), List.of("b", 2)));
        assertThat(FinalAnswerValue.candidates("{\"rows\": 3}")).hasSize(2); // not rows: only the JSON and the text
        ReactOutcome o = classify(List.of(action(1, CALL), ReactStep.of(2, "done\nFinal Answer: " + body)), 10);
        assertThat(o.completed()).isTrue();
    }

    private static ReactStep action(int step, String text) {
        return ReactStep.of(step, text).withObservation("$RESULT_" + step + "$: 1", true);
    }

    private static ReactOutcome classify(List<ReactStep> steps, int budget) {
        return ReactOutcomeClassifier.classify(SAMPLE, steps, budget, EQUALS_42);
    }
}
