package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CellProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ReACT cell whose endpoint refuses one sample's request (400 Bad Request: a sample rejection) records that
 * sample as {@code rejected} through the same planning path as direct cells, and retry-errors leaves it alone.
 */
class ReactCellRejectionTest {
    @TempDir Path dir;

    @Test
    void aSampleTheEndpointRefusesIsRecordedAsRejected() {
        Path evalSet = SuperheroEvalSets.slot();
        List<String> refused = new ArrayList<>();
        ReactAgentModel model = (sample, initial, previous, settings, trial) -> {
            if (!refused.isEmpty() && refused.get(0).equals(sample.sampleId())) {
                throw ModelCallException.of(ErrorKind.BAD_REQUEST, "test", "400 Bad Request: tool schema not supported");
            }
            return new OracleAgentModel().next(sample, initial, previous, settings, trial);
        };
        try (ReactHarness h = new ReactHarness(dir.resolve("results.sqlite"), m -> model)) {
            refused.add(h.evalSets.samples(evalSet.toString()).keySet().iterator().next());
            CellProgress progress = h.runCell("refusing", OracleAgentModel.NAME, evalSet, 3);

            assertThat(progress.done()).isEqualTo(3);
            assertThat(progress.rejected()).isEqualTo(1);
            assertThat(progress.infraErrors()).isZero();
            assertThat(progress.completed()).isEqualTo(2);
            assertThat(h.store.sampleResults("refusing")).filteredOn(r -> r.sampleId().equals(refused.get(0))).singleElement()
                    .satisfies(r -> {
                        assertThat(r.status()).isEqualTo(SampleResultRecord.REJECTED);
                        assertThat(r.error()).contains("400 Bad Request");
                    });
            assertThat(new CampaignPlanningActivitiesImpl(h.store, h.evalSets, m -> ReactHarness.LLM_QUEUE,
                    new io.micrometer.core.instrument.simple.SimpleMeterRegistry()).unscoredWork("refusing")).isEmpty();
        }
    }
}
