package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.failure.ApplicationFailure;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignPlanningActivitiesImplTest {
    @TempDir Path dir;

    @Test
    void retryErrorsReRunsInfraErrorsAndNeverRunItemsButNotScoredOrRejectedOnes() {
        String cell = "c/m/b/direct";
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            CampaignPlanningActivitiesImpl planning = new CampaignPlanningActivitiesImpl(store, new EvalSetCache(), m -> "llm-" + m, meters);
            store.saveCampaign("c", "retry test", "{}");
            store.saveCell(new CellRecord(cell, "c", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples(cell, List.of("s0", "s1", "s2", "s3"));
            store.saveSampleResult(new SampleResultRecord(cell, "s0", 0, SampleResultRecord.SCORED, false, "{}", null));
            planning.recordRejected(new WorkItem(cell, 1, 0), "prompt of 14500 tokens exceeds the context of 8192");
            planning.recordInfraError(new WorkItem(cell, 2, 0), "503 Service Unavailable");
            // s3 never ran

            assertThat(planning.unscoredWork(cell)).containsExactly(new WorkItem(cell, 2, 0), new WorkItem(cell, 3, 0));
            assertThat(store.sampleResults(cell)).filteredOn(r -> r.sampleId().equals("s1")).singleElement().satisfies(r -> {
                assertThat(r.status()).isEqualTo(SampleResultRecord.REJECTED);
                assertThat(r.error()).contains("exceeds the context");
            });
            assertThat(meters.counter("ibench_samples_rejected_total").count()).isEqualTo(1.0);
            assertThat(meters.counter("ibench_samples_infra_error_total").count()).isEqualTo(1.0);
        }
    }

    @Test
    void anItemRefusedForBudgetIsDeferredNotAnInfraErrorAndCountsUntilItHasAResult() {
        String cell = "c/m/b/direct";
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            CampaignPlanningActivitiesImpl planning = new CampaignPlanningActivitiesImpl(store, new EvalSetCache(), m -> "llm-" + m, meters);
            store.saveCampaign("c", "budget test", "{}");
            store.saveCell(new CellRecord(cell, "c", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples(cell, List.of("s0", "s1"));
            planning.recordInfraError(new WorkItem(cell, 0, 0),
                    "model call to budget failed (BUDGET_EXHAUSTED, not retryable): budget reached: campaign c spent 0.600000 USD");
            planning.recordInfraError(new WorkItem(cell, 1, 0), "503 Service Unavailable");

            assertThat(store.sampleResults(cell)).extracting(SampleResultRecord::sampleId).containsExactly("s1");
            assertThat(meters.counter("ibench_samples_infra_error_total").count()).isEqualTo(1.0);
            assertThat(planning.budgetDeferred(cell)).isEqualTo(1);
            assertThat(planning.unscoredWork(cell)).as("a retry run picks it up").contains(new WorkItem(cell, 0, 0));
            store.saveSampleResult(new SampleResultRecord(cell, "s0", 0, SampleResultRecord.SCORED, true, "{}", null));
            assertThat(planning.budgetDeferred(cell)).isZero();
        }
    }

    /**
     * A campaign or cell this worker's store does not hold is not a verdict on it (issue 34: a worker of another
     * installation on the same Temporal server took a campaign's tasks and failed the campaign): the failure is
     * retryable, names the id and the store, so another attempt can reach a worker of the store that holds it.
     */
    @Test
    void aCampaignOrCellNotInThisStoreFailsTheAttemptRetryablyNeverTheCampaign() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            CampaignPlanningActivitiesImpl planning = new CampaignPlanningActivitiesImpl(store, new EvalSetCache(), m -> "llm-" + m,
                    new SimpleMeterRegistry());
            assertThatThrownBy(() -> planning.planCampaign("someone-elses-campaign"))
                    .isInstanceOfSatisfying(ApplicationFailure.class, f -> {
                        assertThat(f.isNonRetryable()).as("retryable").isFalse();
                        assertThat(f.getType()).isEqualTo(NotInStore.TYPE);
                        assertThat(f.getOriginalMessage()).contains("campaign someone-elses-campaign is not in the results store of this worker")
                                .contains("results.db");
                    });
            assertThatThrownBy(() -> planning.unscoredWork("someone-elses-cell"))
                    .isInstanceOfSatisfying(ApplicationFailure.class, f -> {
                        assertThat(f.isNonRetryable()).as("retryable").isFalse();
                        assertThat(f.getOriginalMessage()).contains("cell someone-elses-cell is not in the results store");
                    });
        }
    }
}
