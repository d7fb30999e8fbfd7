package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ModelCallResult;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.multiturn.MultiTurnCellMode;
import dev.ibench.workflows.react.ReactCellMode;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Workflow;

/**
 * The per-item path: one work item through a BFCL multi-turn conversation child, a ReACT trajectory child, or a direct
 * model call and scoring, and how a failed item is classified (the endpoint's refusal stops the cell, a rejection is
 * recorded as rejected, anything else as an infrastructure error); also how a batch's failed items are classified.
 */
final class ItemRunner {
    private final CellRun run;

    ItemRunner(CellRun run) {
        this.run = run;
    }

    /** Runs {@code item} in one of the run's window slots, which the caller took, and frees it. */
    void process(WorkItem item) {
        String what = "sample #" + item.position() + " trial " + item.trial();
        try {
            SampleOutcome outcome = MultiTurnCellMode.applies(run.cell)
                    ? MultiTurnCellMode.run(run.input.campaignId(), run.cell, item, this::spent)
                    : ReactCellMode.applies(run.cell)
                    ? ReactCellMode.run(run.input.campaignId(), run.cell, item, run.input.react(), this::spent)
                    : direct(item, what);
            run.counts.count(outcome);
        } catch (ActivityFailure | ChildWorkflowFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                run.stop(Failures.rootMessage(f));
            } else if (FailureTypes.SAMPLE_REJECTED.equals(Failures.type(f))
                    && Workflow.getVersion(CellVersions.SAMPLE_REJECTED_STATUS, Workflow.DEFAULT_VERSION, 1) >= 1) {
                run.planning.recordRejected(item, Failures.rootMessage(f));
                run.counts.count(SampleOutcome.rejection());
                CellStopRules.stopIfTooManyRejected(run, Failures.rootMessage(f));
            } else {
                run.planning.recordInfraError(item, Failures.rootMessage(f));
                run.counts.count(SampleOutcome.infrastructureFailure());
            }
        } finally {
            run.inFlight--;
            run.updated();
        }
    }

    private void spent(TrajectorySpend paid) {
        run.counts.spent(paid.promptTokens(), paid.completionTokens(), paid.costUsd(), paid.tokensUnknownCalls());
    }

    private SampleOutcome direct(WorkItem item, String what) {
        String llm = run.cell.llmTaskQueue();
        ModelCallResult call = run.waitingFor(llm, CellActivityOptions.modelCall(llm, what + " · call " + run.cell.model()),
                o -> Workflow.newActivityStub(ModelCallActivities.class, o).callModel(item));
        if (call != null && !call.cacheHit()) { // a cache hit or an output stored before was not paid for now
            run.counts.spent(call.promptTokens(), call.completionTokens(), call.costUsd(), call.tokensUnknown() ? 1 : 0);
        }
        String summary = what + " · score on " + run.cell.benchmark();
        String scoring = InstallationQueues.inWorkflow().scoring();
        return run.waitingFor(scoring, ScoringOptions.item(run, scoring, summary),
                o -> Workflow.newActivityStub(ScoringActivities.class, o).scoreSample(item));
    }

    /** A batch's failed item: the endpoint's refusal stops the cell, a rejection or budget deferral is recorded, the rest go the per-item way. */
    void classifyBatchFailure(ItemFailure f) {
        WorkItem item = run.itemAt(f.index());
        if (f.endpointRejected()) {
            run.stop(f.message());
        } else if (f.sampleRejected()) {
            run.planning.recordRejected(item, f.message());
            run.counts.count(SampleOutcome.rejection());
            CellStopRules.stopIfTooManyRejected(run, f.message());
        } else if (f.budgetRefused() && Workflow.getVersion(CellVersions.BATCH_BUDGET_DEFERRAL, Workflow.DEFAULT_VERSION, 1) >= 1) {
            run.planning.recordInfraError(item, f.message()); // records the deferral, as the per-item path does
            run.counts.count(SampleOutcome.infrastructureFailure());
        } else {
            run.perItem.add(item);
        }
    }
}
