package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL baseline as a campaign mode on the real dev server: the oracle (test tool) answering each sample's gold SQL
 * completes every superhero SLOT sample, the prompt holds the schema with BIRD's descriptions, the evidence and the
 * question, the report shows the sql cell's completion beside the tool-calling cell's, and the database file is
 * byte-identical afterwards.
 */
class SqlBaselineCampaignIT {
    @TempDir Path dir;

    @Test
    void theOracleAnsweringTheGoldSqlCompletesEverySample() throws Exception {
        Path database = SuperheroEvalSets.dataRoot().resolve("bird/dev_databases/superhero/superhero.sqlite");
        String before = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(database)));
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: sql-baseline
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: slot, eval_set: %s}
                modes: [direct, sql]
                """.formatted(SuperheroEvalSets.slot()));
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString())) {
            CampaignServices services = harness.services();
            String id = "sql-baseline";
            CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(5));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);

            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build(id, Instant.now().toString());
            CellReport sql = report.cells().stream().filter(c -> c.mode().equals("sql")).findFirst().orElseThrow();
            int samples = services.evalSets().samples(SuperheroEvalSets.slot().toString()).size();
            String firstOutcome = services.store().sampleResults(id + "/oracle/slot/sql").get(0).scoreJson();
            assertThat(sql.scored()).isEqualTo(samples);
            assertThat(sql.metrics().get("completion_rate").mean()).as("failures %s, e.g. %s", sql.errorCategories(), firstOutcome).isEqualTo(1.0);
            assertThat(sql.errorCategories()).isEmpty();
            CellReport direct = report.cells().stream().filter(c -> c.mode().equals("direct")).findFirst().orElseThrow();
            assertThat(direct.metrics().get("completion_rate").mean()).as("the direct cell beside it keeps its own prompts").isEqualTo(1.0);
            assertThat(MarkdownReportRenderer.render(report))
                    .contains("| oracle | slot | sql | completed | " + samples + " | " + samples + " | 0 | 0 | 0 | 1.000 | 1.000 |")
                    .contains("| oracle | slot | direct | completed | " + samples + " | " + samples + " | 0 | 0 | 0 | 1.000 | 1.000 |");

            List<String> ids = services.store().cellSampleIds(id + "/oracle/slot/sql");
            String prompt = services.store().prompt(id + "/oracle/slot/sql", ids.get(0), 0).orElseThrow();
            assertThat(prompt).contains("CREATE TABLE").contains("superhero_name").contains("Question: ")
                    .contains("-- ").doesNotContain("Evidence: (none)");
        }
        String after = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(database)));
        assertThat(after).isEqualTo(before);
    }
}
