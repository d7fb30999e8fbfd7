package dev.ibench.workflows.multiturn;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a BFCL memory cell does before its questions: the prerequisite conversations of each of its scenarios, once per
 * scenario and trial (not once per question), each scenario and trial a {@link BfclMemoryScenarioWorkflow} child, all at
 * once. A scenario whose conversations failed leaves its questions without their memory: they end as infrastructure
 * errors (retry them with the cell's errors, which runs the scenario again from its last stored memory).
 */
public final class BfclMemoryCellMode {
    private BfclMemoryCellMode() {}

    public static boolean applies(CellPlanEntry cell) {
        return cell.memory();
    }

    /**
     * Runs the cell's scenarios and hands what their model steps paid to {@code paid}; the failures' messages (empty when
     * every scenario's memory is stored), each with its failure type.
     */
    public static List<Failed> fill(String campaignId, CellPlanEntry cell, Consumer<TrajectorySpend> paid) {
        List<Promise<TrajectorySpend>> runs = new ArrayList<>();
        for (String scenario : cell.memoryScenarios()) {
            for (int trial = 0; trial < cell.trials(); trial++) {
                BfclMemoryScenarioWorkflow child = Workflow.newChildWorkflowStub(BfclMemoryScenarioWorkflow.class, ChildWorkflowOptions.newBuilder()
                        .setWorkflowId(BfclMemoryScenarioWorkflow.workflowId(cell.cellId(), scenario, trial))
                        .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                        .setStaticSummary("BFCL memory · " + cell.model() + " on " + cell.benchmark() + " · scenario " + scenario + " trial "
                                + trial + " · prerequisite conversations")
                        .build());
                runs.add(Async.function(child::run, new BfclMemoryScenarioInput(campaignId, cell.cellId(), cell.model(), cell.llmTaskQueue(),
                        scenario, trial, cell.multiTurnStepsPerTurn())));
            }
        }
        List<Failed> failed = new ArrayList<>();
        for (Promise<TrajectorySpend> run : runs) {
            try {
                paid.accept(run.get());
            } catch (ChildWorkflowFailure f) {
                if (f.getCause() instanceof ApplicationFailure app && app.getDetails().getSize() > 0) {
                    paid.accept(app.getDetails().get(0, TrajectorySpend.class));
                }
                failed.add(new Failed(Failures.type(f), Failures.rootMessage(f)));
            }
        }
        return failed;
    }

    /** A scenario whose prerequisite conversations failed: the failure's type and message. */
    public record Failed(String type, String message) {}
}
