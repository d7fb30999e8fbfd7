package dev.ibench.workflows.multiturn;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;
import java.util.function.Consumer;

/**
 * How a cell whose eval set is a BFCL multi-turn set runs one work item: as a {@link MultiTurnEntryWorkflow} child, its
 * own event history per conversation (readable turn by turn in the Temporal UI), the cell's history kept small.
 */
public final class MultiTurnCellMode {
    private MultiTurnCellMode() {}

    public static boolean applies(CellPlanEntry cell) {
        return cell.multiTurn();
    }

    /**
     * Runs the item's conversation and hands what its model steps paid to
     * {@code paid}, whether it ended or failed.
     */
    public static SampleOutcome run(String campaignId, CellPlanEntry cell, WorkItem item, Consumer<TrajectorySpend> paid) {
        try {
            MultiTurnEntryWorkflow child = Workflow.newChildWorkflowStub(MultiTurnEntryWorkflow.class, ChildWorkflowOptions.newBuilder()
                    .setWorkflowId(MultiTurnEntryWorkflow.workflowId(cell.cellId(), item.position(), item.trial()))
                    .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                    .setStaticSummary("BFCL multi-turn · " + cell.model() + " on " + cell.benchmark() + " · entry #" + item.position()
                            + " trial " + item.trial() + " · step limit " + cell.multiTurnStepsPerTurn() + " per turn")
                    .build());
            SampleOutcome outcome = child.run(new MultiTurnEntryInput(campaignId, cell.cellId(), cell.model(), cell.llmTaskQueue(),
                    item.position(), item.trial(), cell.multiTurnStepsPerTurn()));
            paid.accept(new TrajectorySpend(outcome.promptTokens(), outcome.completionTokens(), outcome.costUsd(),
                    outcome.tokensUnknownCalls()));
            return outcome;
        } catch (ChildWorkflowFailure f) {
            if (f.getCause() instanceof io.temporal.failure.ApplicationFailure app && app.getDetails().getSize() > 0) {
                paid.accept(app.getDetails().get(0, TrajectorySpend.class));
            }
            throw f;
        }
    }
}
