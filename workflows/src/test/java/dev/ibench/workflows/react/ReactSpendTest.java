package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellWorkflowImpl;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.WorkflowReplayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What ReACT steps paid reaches the cell: each step's result carries its tokens and cost, the trajectory returns their
 * sum (or carries it in its failure), and the cell adds it to its spend column like direct calls. The scripted model
 * (test tool) plays the oracle and reports 100 prompt and 20 completion tokens at $0.0005 per step, so the expected
 * sums are steps x those, with the steps of an oracle trajectory known from the sample: one per gold call and the final
 * answer.
 */
class ReactSpendTest {
    static final String CELL_HISTORY = "dev/ibench/workflows/react/cell-react-spend.json";
    static final double STEP_COST = 0.0005;

    @TempDir Path dir;

    /** The oracle's turns with a price tag; the sample {@code refused} (if any) is refused (400) at step 2. */
    private static ReactAgentModel priced(List<String> refused) {
        return (sample, initial, previous, settings, trial) -> {
            if (refused.contains(sample.sampleId()) && previous.size() == 1) {
                throw ModelCallException.of(ErrorKind.BAD_REQUEST, "test", "400 Bad Request: tool schema not supported");
            }
            String text = new OracleAgentModel().next(sample, initial, previous, settings, trial).text();
            return new ReactAgentModel.Reply(text, null, 100, 20, 1L, false, STEP_COST, null, null, false);
        };
    }

    private static EvalSample prepare(ReactHarness h, int index) {
        Path evalSet = SuperheroEvalSets.slot();
        EvalSample sample = new ArrayList<>(h.evalSets.samples(evalSet.toString()).values()).get(index);
        h.store.saveCampaign("c", "t", "{}");
        h.store.saveCell(new CellRecord("cell1", "c", "scripted", "b", "react", "none", evalSet.toString(), 1));
        h.store.saveCellSamples("cell1", List.of(sample.sampleId()));
        return sample;
    }

    private static ReactSampleWorkflow trajectory(ReactHarness h) {
        return h.env.getWorkflowClient().newWorkflowStub(ReactSampleWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("w1").build());
    }

    @Test
    void aTrajectoryReturnsTheSumOfWhatItsStepsPaid() {
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> priced(List.of()))) {
            EvalSample sample = prepare(h, 0);
            SampleOutcome o = trajectory(h).run(new ReactSampleInput("c", "cell1", "scripted", ReactHarness.LLM_QUEUE, 0, 0, 10, 1000));
            int steps = sample.output().size() + 1;
            assertThat(o.completed()).isTrue();
            assertThat(o.promptTokens()).isEqualTo(100L * steps);
            assertThat(o.completionTokens()).isEqualTo(20L * steps);
            assertThat(o.costUsd()).isCloseTo(STEP_COST * steps, offset(1e-12));
        }
    }

    @Test
    void aFailedTrajectoryCarriesWhatItsStepsPaidBeforeTheFailure() {
        List<String> refused = new ArrayList<>();
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> priced(refused))) {
            EvalSample sample = prepare(h, 0);
            refused.add(sample.sampleId());
            ReactSampleWorkflow run = trajectory(h);
            assertThatThrownBy(() -> run.run(new ReactSampleInput("c", "cell1", "scripted", ReactHarness.LLM_QUEUE, 0, 0, 10, 1000)))
                    .isInstanceOf(WorkflowFailedException.class).cause().isInstanceOfSatisfying(ApplicationFailure.class, f ->
                            assertThat(f.getDetails().get(0, TrajectorySpend.class)).as("step 1 was paid, step 2 refused")
                                    .isEqualTo(new TrajectorySpend(100, 20, STEP_COST, 0)));
        }
    }

    /**
     * A react cell of three samples, the first refused at step 2: its spend column is every step paid, the refused
     * trajectory's first step included; the run is recorded (with -Dibench.recordHistories=true) and replayed.
     */
    @Test
    void aReactCellShowsTheSpendOfItsTrajectoriesAndItsHistoryReplays() throws Exception {
        List<String> refused = new ArrayList<>();
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> priced(refused))) {
            List<EvalSample> samples = new ArrayList<>(h.evalSets.samples(SuperheroEvalSets.slot().toString()).values()).subList(0, 3);
            refused.add(samples.get(0).sampleId());
            CellProgress progress = h.runCell("priced", "scripted", SuperheroEvalSets.slot(), 3);

            int steps = 1 + (samples.get(1).output().size() + 1) + (samples.get(2).output().size() + 1);
            assertThat(progress.rejected()).isEqualTo(1);
            assertThat(progress.completed()).isEqualTo(2);
            assertThat(progress.promptTokens()).isEqualTo(100L * steps);
            assertThat(progress.completionTokens()).isEqualTo(20L * steps);
            assertThat(progress.costUsd()).isCloseTo(STEP_COST * steps, offset(1e-12));
            WorkflowStub cell = h.env.getWorkflowClient().newUntypedWorkflowStub("cell-priced");
            String details = cell.query("__temporal_workflow_metadata", WorkflowMetadata.class).getCurrentDetails();
            assertThat(details).contains("| spend |").contains(String.format(java.util.Locale.ROOT, "| %,d tokens · $%.4f |",
                    120L * steps, STEP_COST * steps));
            RecordedHistories.replayAndMaybeRecord(h.env.getWorkflowClient().fetchHistory("cell-priced"), CELL_HISTORY, CellWorkflowImpl.class);
        }
    }

    /**
     * A react cell whose server reports no usage for the steps of its second sample (the gateway marks them tokens
     * unknown, no tokenizer): the steps' results say so, the trajectory counts them, and the cell counts them apart
     * instead of adding 0 tokens. By hand: sample 1's steps (gold calls + final answer) at 100 + 20 tokens and $0.0005
     * each; sample 2's steps unknown.
     */
    @Test
    void stepsWithoutUsageAreCountedApartByTheTrajectoryAndTheCell() {
        List<String> noUsage = new ArrayList<>();
        ReactAgentModel model = (sample, initial, previous, settings, trial) -> {
            String text = new OracleAgentModel().next(sample, initial, previous, settings, trial).text();
            return noUsage.contains(sample.sampleId())
                    ? new ReactAgentModel.Reply(text, null, 0, 0, 1L, false, null, null, null, true)
                    : new ReactAgentModel.Reply(text, null, 100, 20, 1L, false, STEP_COST, null, null, false);
        };
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> model)) {
            List<EvalSample> samples = new ArrayList<>(h.evalSets.samples(SuperheroEvalSets.slot().toString()).values()).subList(0, 2);
            noUsage.add(samples.get(1).sampleId());
            CellProgress progress = h.runCell("unknown", "scripted", SuperheroEvalSets.slot(), 2);

            int known = samples.get(0).output().size() + 1;
            int unknown = samples.get(1).output().size() + 1;
            assertThat(progress.completed()).isEqualTo(2);
            assertThat(progress.tokensUnknownCalls()).isEqualTo(unknown);
            assertThat(progress.promptTokens()).isEqualTo(100L * known);
            assertThat(progress.completionTokens()).isEqualTo(20L * known);
            assertThat(progress.costUsd()).isCloseTo(STEP_COST * known, offset(1e-12));
            assertThat(progress.spendText()).isEqualTo(String.format(java.util.Locale.ROOT,
                    "%,d tokens (+ %d calls with unknown usage) · at least $%.4f", 120L * known, unknown, STEP_COST * known));
        }
    }

    @Test
    void theRecordedReactCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(CELL_HISTORY);
        assertThat(json).contains("CHILD_WORKFLOW_EXECUTION_COMPLETED").contains("CHILD_WORKFLOW_EXECUTION_FAILED");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /**
     * A budget reached mid-trajectory (the ledger refuses step 2 of the first sample): the item is deferred (neither
     * scored nor infra_error) and the steps it paid are in the cell's spend; the retry run the campaign makes after a
     * resume continues the trajectory at step 2, so every step is answered (paid) exactly once.
     */
    @Test
    void aTrajectoryRefusedForBudgetIsDeferredAndItsRetryRunPaysNoStepTwice() {
        List<String> answered = new java.util.concurrent.CopyOnWriteArrayList<>();
        boolean[] overBudget = {true};
        List<String> firstSample = new ArrayList<>();
        ReactAgentModel model = (sample, initial, previous, settings, trial) -> {
            if (overBudget[0] && sample.sampleId().equals(firstSample.get(0)) && previous.size() == 1) {
                throw ModelCallException.of(ErrorKind.BUDGET_EXHAUSTED, "budget",
                        dev.ibench.activities.spend.BudgetRefusal.PREFIX + "campaign c-budget spent 0.01 USD of its budget {usd: 0.01}");
            }
            answered.add(sample.sampleId() + "#" + (previous.size() + 1));
            return priced(List.of()).next(sample, initial, previous, settings, trial);
        };
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> model)) {
            List<EvalSample> samples = new ArrayList<>(h.evalSets.samples(SuperheroEvalSets.slot().toString()).values()).subList(0, 2);
            firstSample.add(samples.get(0).sampleId());
            int firstSteps = samples.get(0).output().size() + 1;
            int secondSteps = samples.get(1).output().size() + 1;
            CellProgress first = h.runCell("budget", "scripted", SuperheroEvalSets.slot(), 2);

            var spend = new dev.ibench.activities.spend.SpendStore(h.database);
            assertThat(first.completed()).isEqualTo(1);
            assertThat(spend.deferredUnsettled("budget")).as("the refused item waits").isEqualTo(1);
            assertThat(h.store.sampleResults("budget")).as("not scored, not infra_error")
                    .noneMatch(r -> r.sampleId().equals(samples.get(0).sampleId()));
            assertThat(first.promptTokens()).as("step 1 of the refused trajectory and the whole other one")
                    .isEqualTo(100L * (1 + secondSteps));

            overBudget[0] = false;
            var entry = new dev.ibench.activities.campaign.CellPlanEntry("budget", "scripted", SuperheroEvalSets.slot().getFileName().toString(),
                    ReactCellMode.MODE, "none", 2, 1, ReactHarness.LLM_QUEUE);
            CellProgress retry = h.env.getWorkflowClient().newWorkflowStub(dev.ibench.workflows.campaign.CellWorkflow.class,
                            WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("cell-budget-retry").build())
                    .run(new dev.ibench.workflows.campaign.CellInput("c-budget", entry, 4, true,
                            dev.ibench.workflows.campaign.CellCursor.start(), null));

            assertThat(retry.completed()).isEqualTo(1);
            assertThat(spend.deferredUnsettled("budget")).isZero();
            assertThat(answered).as("every step answered once: nothing lost, nothing paid twice").doesNotHaveDuplicates()
                    .hasSize(firstSteps + secondSteps);
            assertThat(retry.promptTokens()).as("the retry run paid the refused trajectory's remaining steps only")
                    .isEqualTo(100L * (firstSteps - 1));
        }
    }
}
