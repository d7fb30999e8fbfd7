package dev.ibench.workflows.multiturn;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.SignalExternalWorkflowException;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a BFCL memory cell does before its questions: the prerequisite conversations of each of its scenarios, once per
 * scenario and trial (not once per question), each scenario and trial a {@link BfclMemoryScenarioWorkflow} child, all at
 * once; a pause of the cell holds them before their next model step. A scenario whose conversations failed leaves its questions without their memory: they end as infrastructure
 * errors (retry them with the cell's errors, which runs the scenario again from its last stored memory).
 */
public final class BfclMemoryCellMode {
    private BfclMemoryCellMode() {}

    public static boolean applies(CellPlanEntry cell) {
        return cell.memory();
    }

    /**
     * Runs the cell's scenarios and hands what their model steps paid to {@code paid}; the failures' messages (empty when
     * every scenario's memory is stored), each with its failure type. With {@code paused} (the cell's pause, read when it
     * changes) the running scenarios are told each pause and resume, so a paused cell asks the model nothing more.
     */
    public static List<Failed> fill(String campaignId, CellPlanEntry cell, Consumer<TrajectorySpend> paid, Supplier<Boolean> paused) {
        List<Scenario> scenarios = new ArrayList<>();
        for (String scenario : cell.memoryScenarios()) {
            for (int trial = 0; trial < cell.trials(); trial++) {
                BfclMemoryScenarioWorkflow child = Workflow.newChildWorkflowStub(BfclMemoryScenarioWorkflow.class, ChildWorkflowOptions.newBuilder()
                        .setWorkflowId(BfclMemoryScenarioWorkflow.workflowId(cell.cellId(), scenario, trial))
                        .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                        .setStaticSummary("BFCL memory · " + cell.model() + " on " + cell.benchmark() + " · scenario " + scenario + " trial "
                                + trial + " · prerequisite conversations")
                        .build());
                Promise<TrajectorySpend> run = Async.function(child::run, new BfclMemoryScenarioInput(campaignId, cell.cellId(), cell.model(),
                        cell.llmTaskQueue(), scenario, trial, cell.multiTurnStepsPerTurn()));
                scenarios.add(new Scenario(child, Workflow.getWorkflowExecution(child), run));
            }
        }
        if (paused != null) {
            Async.procedure(() -> forwardPauses(scenarios, paused));
        }
        List<Failed> failed = new ArrayList<>();
        for (Scenario s : scenarios) {
            try {
                paid.accept(s.run.get());
            } catch (ChildWorkflowFailure f) {
                if (f.getCause() instanceof ApplicationFailure app && app.getDetails().getSize() > 0) {
                    paid.accept(app.getDetails().get(0, TrajectorySpend.class));
                }
                failed.add(new Failed(Failures.type(f), Failures.rootMessage(f)));
            }
        }
        return failed;
    }

    /** Tells every started, running scenario the cell's pause whenever it differs from what that scenario was last told. */
    private static void forwardPauses(List<Scenario> scenarios, Supplier<Boolean> paused) {
        while (true) {
            Workflow.await(() -> scenarios.stream().allMatch(Scenario::ended) || scenarios.stream().anyMatch(s -> s.toTell(paused.get())));
            if (scenarios.stream().allMatch(Scenario::ended)) {
                return;
            }
            boolean now = paused.get();
            for (Scenario s : scenarios) {
                if (s.toTell(now)) {
                    s.told = now;
                    try {
                        if (now) {
                            s.child.pause();
                        } else {
                            s.child.resume();
                        }
                    } catch (SignalExternalWorkflowException ended) {
                        // the scenario ended meanwhile: nothing left to hold
                    }
                }
            }
        }
    }

    /** A scenario child: its stub, its start, its run, and the pause it was last told. */
    private static final class Scenario {
        final BfclMemoryScenarioWorkflow child;
        final Promise<WorkflowExecution> started;
        final Promise<TrajectorySpend> run;
        boolean told;

        Scenario(BfclMemoryScenarioWorkflow child, Promise<WorkflowExecution> started, Promise<TrajectorySpend> run) {
            this.child = child;
            this.started = started;
            this.run = run;
        }

        boolean ended() {
            return run.isCompleted();
        }

        boolean toTell(boolean paused) {
            return !ended() && started.isCompleted() && told != paused;
        }
    }

    /** A scenario whose prerequisite conversations failed: the failure's type and message. */
    public record Failed(String type, String message) {}
}
