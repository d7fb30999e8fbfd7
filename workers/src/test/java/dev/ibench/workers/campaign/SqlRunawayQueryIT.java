package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQL-baseline query past its deadline is the model's failure, not the infrastructure's: on the real dev server and
 * the real superhero database, a sample whose answer is a four-way cross join of {@code superhero} (about 750^4 rows)
 * is stopped at the campaign's {@code sql_query_timeout_seconds} (2 s here) and scored as a {@code timeout} failure of
 * that sample; the scoring activity, whose limits derive from the deadline, is not timed out, so nothing is recorded as
 * infra_error. The oracle (a test tool) answers each sample's gold SQL, and the first sample's gold SQL is the runaway
 * query.
 */
class SqlRunawayQueryIT {
    private static final String RUNAWAY = "SELECT COUNT(*) FROM superhero a, superhero b, superhero c, superhero d";

    @TempDir Path dir;

    @Test
    void aRunawayQueryIsScoredAsATimeoutFailureOfItsSample() throws Exception {
        ObjectNode file = (ObjectNode) Json.MAPPER.readTree(SuperheroEvalSets.slot().toFile());
        ArrayNode all = (ArrayNode) file.get("data");
        ArrayNode three = Json.MAPPER.createArrayNode();
        for (int i = 0; i < 3; i++) {
            three.add(all.get(i).deepCopy());
        }
        ((ObjectNode) three.get(0)).put("query", RUNAWAY);
        String runawayId = three.get(0).get("sample_id").asText();
        Path evalSet = dir.resolve("bird-superhero-slot.json");
        Json.MAPPER.writeValue(evalSet.toFile(), file.deepCopy().set("data", three));
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: sql-runaway
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: slot, eval_set: %s}
                modes: [sql]
                sql_query_timeout_seconds: 2
                """.formatted(evalSet));
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString())) {
            CampaignServices services = harness.services();
            String id = "sql-runaway";
            long started = System.nanoTime();
            CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(5));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("no activity timeout and retries").isLessThan(Duration.ofMinutes(2));

            String cellId = id + "/oracle/slot/sql";
            List<SampleResultRecord> results = services.store().sampleResults(cellId);
            assertThat(results).hasSize(3).allMatch(r -> r.status().equals(SampleResultRecord.SCORED));
            SampleResultRecord runaway = results.stream().filter(r -> r.sampleId().equals(runawayId)).findFirst().orElseThrow();
            JsonNode outcome = Json.MAPPER.readTree(runaway.scoreJson());
            assertThat(outcome.get("failure").asText()).isEqualTo("timeout");
            assertThat(outcome.get("reason").asText()).isEqualTo("the query ran longer than 2 s");
            assertThat(outcome.get("sql").asText()).isEqualTo(RUNAWAY);
            assertThat(runaway.completed()).isFalse();

            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build(id, Instant.now().toString());
            CellReport sql = report.cells().get(0);
            assertThat(sql.scored()).isEqualTo(3);
            assertThat(sql.infraErrors()).isZero();
            assertThat(sql.errorCategories()).containsEntry("sql.timeout", 1);
            assertThat(sql.metrics().get("completion_rate").mean()).isEqualTo(2 / 3.0);
        }
    }
}
