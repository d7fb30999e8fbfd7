package dev.ibench.workflows.react;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;
import java.util.function.Consumer;

/**
 * How a campaign cell in mode {@code react} runs one work item: as a {@link ReactSampleWorkflow} child. A child
 * per sample keeps the cell's history small (a trajectory is up to ~130 events) and gives every trajectory its
 * own event history in the Temporal UI, readable step by step.
 */
public final class ReactCellMode {
    public static final String MODE = "react";

    private ReactCellMode() {}

    public static boolean applies(CellPlanEntry cell) {
        return MODE.equals(cell.mode());
    }

    public static SampleOutcome run(String campaignId, CellPlanEntry cell, WorkItem item) {
        return run(campaignId, cell, item, ReactSettings.DEFAULT);
    }

    public static SampleOutcome run(String campaignId, CellPlanEntry cell, WorkItem item, ReactSettings settings) {
        return run(campaignId, cell, item, settings, paid -> {});
    }

    /**
     * Runs the item's trajectory and hands what its model steps paid to {@code paid}, whether it ended or failed
     * (a failed trajectory's steps before the failure were paid too).
     */
    public static SampleOutcome run(String campaignId, CellPlanEntry cell, WorkItem item, ReactSettings settings,
                                    Consumer<TrajectorySpend> paid) {
        try {
            SampleOutcome outcome = trajectory(campaignId, cell, item, settings);
            paid.accept(new TrajectorySpend(outcome.promptTokens(), outcome.completionTokens(), outcome.costUsd(),
                    outcome.tokensUnknownCalls()));
            return outcome;
        } catch (ChildWorkflowFailure f) {
            TrajectorySpend.of(f).ifPresent(paid);
            throw f;
        }
    }

    private static SampleOutcome trajectory(String campaignId, CellPlanEntry cell, WorkItem item, ReactSettings settings) {
        ReactSampleWorkflow child = Workflow.newChildWorkflowStub(ReactSampleWorkflow.class, ChildWorkflowOptions.newBuilder()
                .setWorkflowId(ReactSampleWorkflow.workflowId(cell.cellId(), item.position(), item.trial()))
                .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                .setStaticSummary("ReACT · " + cell.model() + " on " + cell.benchmark() + " · sample #" + item.position()
                        + " trial " + item.trial() + " · budget " + settings.budget())
                .build());
        return child.run(new ReactSampleInput(campaignId, cell.cellId(), cell.model(), cell.llmTaskQueue(), item.position(),
                item.trial(), settings.budget(), settings.observationChars()));
    }
}
