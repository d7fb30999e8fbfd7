package dev.ibench.activities.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.CellStateRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.export.SampleScoresExport;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.score.SampleScorer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports hide nothing they left out (docs/reports.md#denominators): a cell of 30 items whose 10 longest prompts the
 * model's context refused shows its state, 30 planned, 20 scored, 10 rejected, and completion both over the 20 scored
 * and over the 30 planned; a stopped cell shows {@code stopped: <reason>} in md, json and html. Sql cells, whose
 * completion is the stored outcome, so the expected values are counted by hand: 15 of the 20 scored items completed.
 */
class CellStandingReportTest {
    private static final String TOO_LONG = "CONTEXT_LENGTH: prompt of 9120 tokens plus max_tokens 512 exceeds the context of 8192";
    private static final String STOP = "26 of 30 items were rejected by the endpoint, more than max_rejected_share 0.5 (after 20 settled items)";

    @TempDir Path dir;

    @Test
    void everyReportShowsEachCellsStateAndDenominators() throws Exception {
        StringBuilder set = new StringBuilder("[");
        for (int i = 0; i < 30; i++) {
            set.append(i == 0 ? "" : ",").append("{\"sample_id\": \"s").append(i).append("\", \"input\": \"q").append(i)
                    .append("\", \"output\": [], \"gold_answer\": ").append(i).append('}');
        }
        Path evalSet = dir.resolve("set.json");
        Files.writeString(evalSet, set.append(']').toString());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ids.add("s" + i);
        }
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c", "standing test", "{}");
            for (String cell : List.of("c/m/long/sql", "c/m/stopped/sql")) {
                store.saveCell(new CellRecord(cell, "c", "m", cell.split("/")[2], "sql", "none", evalSet.toString(), 1));
                store.saveCellSamples(cell, ids);
            }
            // cell "long": every third prompt too long for the context (10 of 30); of the 20 answered, 15 completed
            int answered = 0;
            for (int i = 0; i < 30; i++) {
                if (i % 3 == 0) {
                    store.saveRejected("c/m/long/sql", ids.get(i), 0, TOO_LONG);
                } else {
                    boolean completed = answered++ < 15;
                    store.saveSampleResult(new SampleResultRecord("c/m/long/sql", ids.get(i), 0, SampleResultRecord.SCORED, completed,
                            completed ? "{\"mode\":\"sql\",\"completed\":true}" : "{\"mode\":\"sql\",\"completed\":false,\"failure\":\"wrong_result\"}", null));
                }
            }
            store.saveCellState(new CellStateRecord("c/m/long/sql", CellStateRecord.COMPLETED, null));
            // cell "stopped": its first 20 items rejected, then stopped; 10 never ran
            for (int i = 0; i < 20; i++) {
                store.saveRejected("c/m/stopped/sql", ids.get(i), 0, TOO_LONG);
            }
            store.saveCellState(new CellStateRecord("c/m/stopped/sql", CellStateRecord.STOPPED, STOP));

            List<dev.ibench.core.report.SampleRow> rows = new ArrayList<>();
            CampaignReport report = new CampaignReportBuilder(store, new EvalSetCache(),
                    c -> new SampleScorer(ParserChains.defaultChain(), null)).build("c", "now", 0, rows::add);

            CellStanding longCell = report.standing(report.cells().get(0));
            assertThat(longCell).isEqualTo(new CellStanding("completed", null, 30, 20, 10, 0, 15));
            assertThat(longCell.completionOverScored()).isEqualTo(0.75);
            assertThat(longCell.completionOverPlanned()).isEqualTo(0.5);
            CellStanding stopped = report.standing(report.cells().get(1));
            assertThat(stopped).isEqualTo(new CellStanding("stopped", STOP, 30, 0, 20, 0, 0));
            assertThat(stopped.pending()).isEqualTo(10);

            String md = MarkdownReportRenderer.render(report);
            assertThat(md).contains("| state | planned | scored | rejected | infra errors | pending | completion / scored | completion / planned |")
                    .contains("| m | long | sql | completed | 30 | 20 | 10 | 0 | 0 | 0.750 | 0.500 |")
                    .contains("| m | stopped | sql | stopped: " + STOP + " | 30 | 0 | 20 | 0 | 10 | – | 0.000 |");

            JsonNode json = Json.MAPPER.readTree(JsonReportRenderer.render(report));
            JsonNode first = json.get("cells").get(0);
            assertThat(first.get("state").asText()).isEqualTo("completed");
            assertThat(first.get("planned").asInt()).isEqualTo(30);
            assertThat(first.get("scored").asInt()).isEqualTo(20);
            assertThat(first.get("rejected").asInt()).isEqualTo(10);
            assertThat(first.get("infra_errors").asInt()).isZero();
            assertThat(first.get("completion_over_scored").asDouble()).isEqualTo(0.75);
            assertThat(first.get("completion_over_planned").asDouble()).isEqualTo(0.5);
            JsonNode second = json.get("cells").get(1);
            assertThat(second.get("state").asText()).isEqualTo("stopped");
            assertThat(second.get("state_reason").asText()).isEqualTo(STOP);
            assertThat(second.get("state_shown").asText()).isEqualTo("stopped: " + STOP);

            String html = HtmlReportRenderer.render(report);
            assertThat(html).contains("<th>completion / planned</th>")
                    .contains("<td>completed</td><td>30</td><td>20</td><td>10</td><td>0</td><td>0</td><td>0.750</td><td>0.500</td>")
                    .contains("<td>stopped: " + STOP + "</td><td>30</td><td>0</td><td>20</td><td>0</td><td>10</td>");

            String csv = SampleScoresExport.csv("c", rows, report.standings());
            assertThat(csv.lines().findFirst().orElseThrow()).contains(",status,cell_state,cell_planned");
            assertThat(csv).contains(",rejected,completed,30").contains(",rejected,\"stopped: " + STOP + "\",30");
            assertThat(csv.lines().filter(l -> l.contains("c/m/long/sql"))).hasSize(30);
        }
    }

    /** A cell of a campaign run before states were recorded: completed when every item has a result, else unfinished. */
    @Test
    void aCellWithoutARecordedStateIsJudgedByItsResults() {
        assertThat(CellStanding.stateWithoutRecord(0)).isEqualTo("completed");
        assertThat(CellStanding.stateWithoutRecord(3)).isEqualTo("unfinished");
    }
}
