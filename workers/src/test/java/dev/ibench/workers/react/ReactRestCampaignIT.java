package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A react campaign on the superhero REST eval set on the real dev server, with a worker in its own JVM wired as
 * {@code ibench worker} wires it: the oracle agent's actions go to the worker's own REST tool server over HTTP (every
 * stored observation is an HTTP response) and the trajectories complete against the gold answers.
 */
class ReactRestCampaignIT {
    private static final int SAMPLES = 40;

    @TempDir Path dir;

    @Test
    void theOracleAgentCompletesRestSamplesThroughTheWorkersRestToolServer() throws Exception {
        Path evalSet = SuperheroEvalSets.rest();
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: react-rest
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: superhero-rest, eval_set: %s}
                modes: [react]
                samples: {limit: %d, seed: 3}
                """.formatted(evalSet, SAMPLES));
        try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,tools,scoring", "--models-from", campaignFile.toString())) {
            CampaignStatus status = harness.run(campaignFile, "react-rest", Duration.ofMinutes(10));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);

            CampaignServices services = harness.services();
            String cell = "react-rest/oracle/superhero-rest/react";
            List<SampleResultRecord> results = services.store().sampleResults(cell);
            long completed = results.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count();
            System.out.printf("ReactRestCampaignIT: %d of %d REST samples completed by the oracle agent%n", completed, results.size());
            assertThat(results).hasSize(SAMPLES).allSatisfy(r -> assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED));
            assertThat(completed).isGreaterThanOrEqualTo(Math.round(Math.ceil(0.95 * SAMPLES)));
            for (SampleResultRecord r : results) {
                List<ToolExecutionRecord> actions = services.store().toolExecutions(cell, r.sampleId(), 0).stream().filter(t -> t.step() > 0).toList();
                assertThat(actions).as(r.sampleId()).isNotEmpty()
                        .allSatisfy(t -> assertThat(t.observation()).startsWith("HTTP 200: {\"columns\""));
            }
        }
    }
}
