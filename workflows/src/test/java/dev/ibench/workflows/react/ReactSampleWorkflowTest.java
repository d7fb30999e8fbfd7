package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.react.ReactTrajectoryStore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.core.react.OracleAgentScript;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.failure.ApplicationFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ReactSampleWorkflow on TestWorkflowEnvironment with the real activities and scripted agent models. */
class ReactSampleWorkflowTest {
    @TempDir Path dir;

    private final List<Integer> askedSteps = new CopyOnWriteArrayList<>();

    /** Records which step each model call was for, then answers with {@code answer}. */
    private ReactAgentModel recording(ReactAgentModel answer) {
        return (sample, initial, previous, settings, trial) -> {
            askedSteps.add(previous.size() + 1);
            return answer.next(sample, initial, previous, settings, trial);
        };
    }

    private static ReactAgentModel saying(String text) {
        return (sample, initial, previous, settings, trial) -> new ReactAgentModel.Reply(text, null, 1, 1, 1L, false, null, null, null, false);
    }

    private EvalSample prepare(ReactHarness h, int goldLengthAtLeast) {
        Path evalSet = SuperheroEvalSets.slot();
        EvalSample sample = h.evalSets.samples(evalSet.toString()).values().stream()
                .filter(s -> s.output().size() >= goldLengthAtLeast).findFirst().orElseThrow();
        h.store.saveCampaign("c", "t", "{}");
        h.store.saveCell(new CellRecord("cell1", "c", "scripted", "b", "react", "none", evalSet.toString(), 1));
        h.store.saveCellSamples("cell1", List.of(sample.sampleId()));
        return sample;
    }

    private static SampleOutcome run(ReactHarness h, int budget) {
        ReactSampleWorkflow wf = h.env.getWorkflowClient().newWorkflowStub(ReactSampleWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("w1").build());
        return wf.run(new ReactSampleInput("c", "cell1", "scripted", ReactHarness.LLM_QUEUE, 0, 0, budget, 1000));
    }

    @Test
    void oracleTrajectoryAsksOncePerStepAndAnswers() {
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> recording(new OracleAgentModel()))) {
            EvalSample sample = prepare(h, 2);
            SampleOutcome o = run(h, 10);
            int n = sample.output().size();
            assertThat(o.completed()).isTrue();
            assertThat(askedSteps).hasSize(n + 1).doesNotHaveDuplicates();
            ReactOutcome outcome = h.outcomes("cell1").get(0);
            assertThat(outcome.loops()).isEqualTo(n + 1);
            assertThat(new ReactTrajectoryStore(h.store).initialObservation("cell1", sample.sampleId(), 0)).contains("$starting_table_var$");
        }
    }

    static final String REACT_HISTORY = "dev/ibench/workflows/react/react-sample-oracle.json";

    /** Records (with -Dibench.recordHistories=true) and replays an oracle trajectory of a two-call sample. */
    @Test
    void aReactSampleHistoryReplays() throws Exception {
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> new OracleAgentModel())) {
            prepare(h, 2);
            assertThat(run(h, 10).completed()).isTrue();
            RecordedHistories.replayAndMaybeRecord(h.env.getWorkflowClient().fetchHistory("w1"), REACT_HISTORY, ReactSampleWorkflowImpl.class);
        }
    }

    @Test
    void theRecordedReactSampleHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(REACT_HISTORY);
        assertThat(json).contains("ACTIVITY_TASK_COMPLETED");
        WorkflowReplayer.replayWorkflowExecution(json, ReactSampleWorkflowImpl.class);
    }

    @Test
    void resumedTrajectoryNeverReasksStoredSteps() {
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> recording(new OracleAgentModel()))) {
            EvalSample sample = prepare(h, 3);
            // steps 1 and 2 were done by an earlier run (model text and tool results stored); step 3 was not
            List<ReactStep> previous = new ArrayList<>();
            for (int step = 1; step <= 2; step++) {
                String text = OracleAgentScript.turn(sample, previous);
                h.store.saveModelCall(new ModelCallRecord("cell1", sample.sampleId(), 0, step, null, text, 0, 0, 0L, false));
                previous.add(ReactStep.of(step, text));
            }
            SampleOutcome o = run(h, 10);
            assertThat(o.completed()).isTrue();
            assertThat(askedSteps).first().isEqualTo(3);
            assertThat(askedSteps).doesNotContain(1, 2);
        }
    }

    @Test
    void unparsableTextIsFedBackAndCountedUntilTheBudgetRunsOut() {
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> recording(saying("I like turtles.")))) {
            prepare(h, 1);
            SampleOutcome o = run(h, 4);
            ReactOutcome outcome = h.outcomes("cell1").get(0);
            assertThat(o.completed()).isFalse();
            assertThat(askedSteps).containsExactly(1, 2, 3, 4);
            assertThat(outcome.end()).isEqualTo(ReactEnd.OUT_OF_BUDGET);
            assertThat(outcome.parseFailures()).isEqualTo(4);
            assertThat(outcome.outOfBudget()).isTrue();
        }
    }

    @Test
    void repeatingTheSameFailingCallIsStuck() {
        String call = "Try again.\nAction: filter_data\nAction Input: {\"data_source\": \"$nope$\", \"key_name\": \"x\", \"value\": 1, \"condition\": \"equal_to\"}";
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> saying(call))) {
            prepare(h, 1);
            run(h, 3);
            ReactOutcome outcome = h.outcomes("cell1").get(0);
            assertThat(outcome.stuck()).isTrue();
            assertThat(outcome.outOfBudget()).isTrue();
            assertThat(outcome.toolErrors()).isEqualTo(3);
            assertThat(outcome.calls()).hasSize(3);
        }
    }

    @Test
    void promptOutgrowingTheContextEndsTheTrajectoryWithoutAnswer() {
        ReactAgentModel tooLong = (sample, initial, previous, settings, trial) -> {
            if (previous.size() == 1) {
                throw ModelCallException.of(ErrorKind.CONTEXT_LENGTH, "test", "prompt too long");
            }
            return new OracleAgentModel().next(sample, initial, previous, settings, trial);
        };
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> tooLong)) {
            prepare(h, 2);
            SampleOutcome o = run(h, 10);
            ReactOutcome outcome = h.outcomes("cell1").get(0);
            assertThat(o.completed()).isFalse();
            assertThat(outcome.end()).isEqualTo(ReactEnd.ABORTED);
            assertThat(outcome.loops()).isEqualTo(1);
            assertThat(outcome.unclassified()).isTrue();
        }
    }

    @Test
    void rejectedEndpointFailsTheRunWithItsFailureType() {
        ReactAgentModel rejected = (sample, initial, previous, settings, trial) -> {
            throw ModelCallException.of(ErrorKind.UNAUTHORIZED, "test", "401");
        };
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> rejected)) {
            prepare(h, 1);
            assertThatThrownBy(() -> run(h, 10)).isInstanceOf(WorkflowFailedException.class)
                    .cause().isInstanceOf(ApplicationFailure.class)
                    .satisfies(f -> assertThat(((ApplicationFailure) f).getType()).isEqualTo("ModelEndpointRejected"));
        }
    }
}
