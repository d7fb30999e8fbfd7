package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench campaign start} refuses a USD budget that could never be reached: on a model whose profile and entry
 * give no prices (the built-in {@code oracle}), for the model or for the campaign, before it contacts any server (none
 * listens at the address). With prices on the entry, or a tokens budget, the file passes this check (and then finds
 * no server).
 */
class UsdBudgetWithoutPricesTest {
    @TempDir Path dir;

    private CliRun start(String models, String budget) throws Exception {
        Files.writeString(dir.resolve("eval.json"), "[]");
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodels: " + models + "\nbenchmarks: [{name: b, eval_set: eval.json}]\n" + budget);
        return CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
    }

    @Test
    void aModelsUsdBudgetWithoutPricesIsRefusedNamingTheModel() throws Exception {
        CliRun r = start("[{name: free, profile: oracle, budget: {usd: 2}}]", "");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("models[0].budget.usd: model free has no prices (profile oracle")
                .contains("price_per_million_input and price_per_million_output (0 for a free model), or a tokens budget")
                .doesNotContain("Temporal");
    }

    @Test
    void aCampaignsUsdBudgetIsRefusedWhileAModelHasNoPrices() throws Exception {
        CliRun r = start("[{name: paid, profile: oracle, price_per_million_input: 1, price_per_million_output: 2}, {name: free, profile: oracle}]",
                "budget: {usd: 5}\n");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("budget.usd: model(s) free have no prices").doesNotContain("paid,").doesNotContain("Temporal");
    }

    @Test
    void pricesOnTheEntryOrATokensBudgetPassTheCheck() throws Exception {
        for (CliRun r : new CliRun[] {
                start("[{name: free, profile: oracle, price_per_million_input: 0, price_per_million_output: 0, budget: {usd: 2}}]", "budget: {usd: 5}\n"),
                start("[{name: free, profile: oracle, budget: {tokens: 1000}}]", "budget: {tokens: 5000}\n")}) {
            assertThat(r.err()).doesNotContain("has no prices").doesNotContain("have no prices");
        }
    }
}
