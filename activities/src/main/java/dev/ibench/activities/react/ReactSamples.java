package dev.ibench.activities.react;

import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.sample.EvalSample;
import io.temporal.failure.ApplicationFailure;

/** Looks up the cell and sample of a step; unknown ids are non-retryable failures naming the id. */
final class ReactSamples {
    private ReactSamples() {}

    static CellRecord cell(ResultsStore store, ReactStepRef ref) {
        return store.cell(ref.cellId()).orElseThrow(() -> NotInStore.cell(store, ref.cellId()));
    }

    /** The sample id of a step's work item (positions index the cell's stored sample order). */
    static String sampleId(ResultsStore store, ReactStepRef ref) {
        return CampaignPlanningActivitiesImpl.sampleIdOf(store, new WorkItem(ref.cellId(), ref.position(), ref.trial()));
    }

    static EvalSample sample(EvalSetCache evalSets, CellRecord cell, String sampleId) {
        try {
            return evalSets.sample(cell.evalSet(), sampleId);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "UnknownSample");
        }
    }
}
