package dev.ibench.workers.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.TemporalCli;
import dev.ibench.workers.testing.TemporalOnPostgres;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Temporal server built from the pinned Go module, on a real PostgreSQL, started by
 * {@code deploy/local/temporal-postgres.sh}: the ibench search attributes are registered, an oracle campaign
 * (test tool) runs end to end on it, its workflows are found by an {@code IbenchCampaignId} list query, and the
 * runs are rows in PostgreSQL's visibility table.
 */
class TemporalOnPostgresIT {
    private static final int SAMPLES = 4;

    @TempDir Path dir;

    @Test
    void anOracleCampaignCompletesOnTemporalWithPostgresPersistence() throws Exception {
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: on-postgres
                models: [{name: oracle, profile: oracle}]
                benchmarks:
                  - {name: slot, eval_set: %s}
                  - {name: sel, eval_set: %s}
                samples: {limit: %d, seed: 3}
                """.formatted(SuperheroEvalSets.slot(), SuperheroEvalSets.sel(), SAMPLES));
        try (TemporalOnPostgres temporal = TemporalOnPostgres.start(dir.resolve("temporal-postgres"))) {
            String attributes = TemporalCli.run(temporal.cli(), List.of("operator", "search-attribute", "list",
                    "--address", temporal.address(), "--namespace", temporal.namespace()));
            assertThat(attributes).contains("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState", "IbenchProgress");

            String id = "pg-oracle";
            try (CampaignHarness harness = CampaignHarness.onServer(dir, temporal.address(), "--models-from", campaignFile.toString())) {
                CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(10));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(status.cells()).hasSize(2);

                CampaignReport report = new CampaignReportBuilder(harness.services().store(), harness.services().evalSets(),
                        harness.services()::scorerOf).build(id, Instant.now().toString());
                for (CellReport cell : report.cells()) {
                    assertThat(cell.scored()).as(cell.cellId()).isEqualTo(SAMPLES);
                    assertThat(cell.metrics().get("completion_rate").mean()).as(cell.cellId()).isEqualTo(1.0);
                }
            }

            String listed = TemporalCli.listWorkflows(temporal.cli(), temporal.address(), "IbenchCampaignId = '" + id + "'");
            assertThat(listed).contains(CampaignWorkflow.workflowId(id)).contains("CellWorkflow");
            assertThat(TemporalCli.listWorkflows(temporal.cli(), temporal.address(), "IbenchCampaignId = 'no-such-campaign'"))
                    .doesNotContain("CampaignWorkflow");

            // SQL visibility keeps custom attributes in a jsonb column under pre-allocated field names (Keyword01, ...).
            int visibilityRows = Integer.parseInt(temporal.queryTemporalDatabase("temporal_visibility",
                    "select count(*) from executions_visibility"
                    + " where exists (select 1 from jsonb_each_text(search_attributes) a where a.value = '" + id + "')"));
            assertThat(visibilityRows).as("campaign + 2 cell workflows in PostgreSQL").isGreaterThanOrEqualTo(3);
        }
    }
}
