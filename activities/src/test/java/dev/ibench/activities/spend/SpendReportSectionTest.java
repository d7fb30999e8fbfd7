package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpendReportSectionTest {
    @TempDir Path dir;

    @Test
    void addsOneSpendTableToEachFormatWithCellModelAndCampaignRows() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("r.db"))) {
            ResultsStore store = new ResultsStore(db);
            SpendStore spend = new SpendStore(db);
            store.saveCampaign("c", "demo", "{}");
            store.saveCell(new CellRecord("c/a", "c", "m", "b", "direct", "none", "b.json", 1));
            store.saveCell(new CellRecord("c/b", "c", "m", "b2", "direct", "none", "b2.json", 1));
            spend.record(new SpendEntry("c", "c/a", "m", "e", "s1", 0, 1, SpendEntry.FAILED, "SERVER_ERROR", 0, 0, 10, 0.0));
            spend.record(new SpendEntry("c", "c/a", "m", "e", "s1", 0, 2, SpendEntry.OK, null, 1200, 300, 50, 0.006));
            spend.record(new SpendEntry("c", "c/b", "m", "e", "s1", 0, 1, SpendEntry.OK, null, 400, 100, 30, 0.002));
            spend.saveBudget("c", SpendStore.CAMPAIGN_SCOPE, new Budget(0.05, null));
            SpendReportSection section = SpendReportSection.of(store, spend, "c");

            String md = section.appendTo("md", "# Campaign demo\n");
            // cell a: 2 attempts (1 failed), 1200 + 300 tokens, 0.006 USD, (10 + 50) / 2 = 30 ms mean latency
            assertThat(md).startsWith("# Campaign demo\n\n## Spend").contains("| c/a | 2 | 1 | 0 | 1200 | 300 | 0.006000 | 30 |")
                    .contains("| c/b | 1 | 0 | 0 | 400 | 100 | 0.002000 | 30 |")
                    // campaign: 0.006 + 0.002 = 0.008 USD; 1600 prompt, 400 completion tokens; (10 + 50 + 30) / 3 = 30 ms
                    .contains("| campaign | 3 | 1 | 0 | 1600 | 400 | 0.008000 | 30 |")
                    .contains("| model m | 3 | 1 | 0 | 1600 | 400 | 0.008000 | 30 |").contains("Budget of the campaign: {usd: 0.05}");

            JsonNode json = Json.MAPPER.readTree(section.appendTo("json", "{\"campaign_id\":\"c\",\"cells\":[]}"));
            assertThat(json.get("campaign_id").asText()).isEqualTo("c");
            assertThat(json.get("spend").get(3).get("scope").asText()).isEqualTo("campaign");
            assertThat(json.get("spend").get(3).get("cost_usd").asDouble()).isEqualTo(0.008, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(json.get("budgets").get("campaign").get("usd").asDouble()).isEqualTo(0.05);

            // html: the renderer's spend section, from the same rows
            String html = dev.ibench.core.report.html.HtmlReportRenderer.render(new dev.ibench.core.report.html.HtmlReportData(
                    new dev.ibench.core.report.CampaignReport("c", "demo", "now", java.util.List.of()), java.util.List.of(), null,
                    section.report()));
            assertThat(html).contains("<section id=\"spend\"><h2>Spend</h2>").endsWith("</section></body></html>")
                    .contains("<tr data-scope=\"c/a\"><td>c/a</td><td>2</td><td>1</td><td>0</td><td>1200</td><td>300</td><td>0.006000</td><td>30</td></tr>")
                    .contains("<tr data-scope=\"campaign\"><td>campaign</td><td>3</td><td>1</td><td>0</td><td>1600</td><td>400</td><td>0.008000</td>")
                    .contains("<p class=\"budget\">Budget of the campaign: {usd: 0.05}</p>");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> section.appendTo("html", "<html></html>"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SpendSection");
        }
    }

    @Test
    void cachedPromptTokensAreAShareOfThePromptCellAndTheirPriceIsSaidWhenTheProfileHadNone() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("r.db"))) {
            ResultsStore store = new ResultsStore(db);
            SpendStore spend = new SpendStore(db);
            store.saveCampaign("c", "demo", "{}");
            store.saveCell(new CellRecord("c/a", "c", "m", "b", "direct", "none", "b.json", 1));
            store.saveCell(new CellRecord("c/b", "c", "m2", "b", "direct", "none", "b.json", 1));
            spend.record(new SpendEntry("c", "c/a", "m", "e", "s1", 0, 1, SpendEntry.OK, null, 1000, 100, 50, 0.004, false, 0, 250, 0));
            spend.record(new SpendEntry("c", "c/a", "m", "e", "s2", 0, 1, SpendEntry.OK, null, 1000, 100, 50, 0.004, false, 0, 750, 0));
            spend.record(new SpendEntry("c", "c/b", "m2", "e", "s1", 0, 1, SpendEntry.OK, null, 400, 0, 30, 0.001, false, 0, 300, 300));
            SpendReportSection section = SpendReportSection.of(store, spend, "c");

            String md = section.appendTo("md", "# Campaign demo\n");
            // cell a: 250 + 750 = 1000 cached of 2000 prompt tokens, 50.0%
            assertThat(md).contains("| c/a | 2 | 0 | 0 | 2000 (1000 cached, 50.0%) | 200 | 0.008000 | 50 |")
                    .contains("| c/b | 1 | 0 | 0 | 400 (300 cached, 75.0%) | 0 | 0.001000 (300 cached tokens at the input price) | 30 |")
                    // campaign: 1300 of 2400, 54.2%
                    .contains("| campaign | 3 | 0 | 0 | 2400 (1300 cached, 54.2%) | 200 | 0.009000 (300 cached tokens at the input price) | 43 |");
            JsonNode campaign = Json.MAPPER.readTree(section.appendTo("json", "{}")).get("spend").get(4);
            assertThat(campaign.get("scope").asText()).isEqualTo("campaign");
            assertThat(campaign.get("cached_prompt_tokens").asLong()).isEqualTo(1300);
            assertThat(campaign.get("cached_tokens_at_input_price").asLong()).isEqualTo(300);
        }
    }
}
