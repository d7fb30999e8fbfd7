package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.campaign.estimate.CampaignCostEstimate;
import dev.ibench.workers.campaign.estimate.CampaignCostPlanner;
import dev.ibench.workers.campaign.estimate.CellCostEstimate;
import dev.ibench.workers.campaign.estimate.TypicalOutputTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign plan} and {@code --max-usd} for a hosted model that ibench has no tokenizer for: the prompt tokens are
 * a stated estimate, output is bounded by {@code max_tokens}, the USD follow the prices, and the endpoint (a
 * {@code MockWebServer} test tool with nothing to answer) never receives a request.
 */
class CampaignPlanCommandTest {
    @TempDir Path dir;
    MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private Path campaign(int trials, String prices) throws Exception {
        Path profile = Files.writeString(dir.resolve("hosted.yaml"), """
                name: hosted
                provider: openai
                base_url: %s
                model: hosted-model
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 100
                %s
                """.formatted(server.url("/v1"), prices));
        return Files.writeString(dir.resolve("c" + trials + ".yaml"), """
                name: c
                models: [{name: m, profile: "%s"}]
                benchmarks: [{name: superhero, eval_set: "%s"}]
                samples: {limit: 3, seed: 1}
                trials: %d
                """.formatted(profile, SuperheroEvalSets.slot(), trials));
    }

    private static CampaignCostEstimate estimate(Path file) {
        return new CampaignCostPlanner(ProfileCatalog.load(Path.of("no-profiles")), Map.<String, String>of()::get, TypicalOutputTokens.NONE)
                .estimate(file);
    }

    @Test
    void aHostedModelGetsAStatedEstimateBoundedOutputAndUsdAtItsPrices() throws Exception {
        String prices = "price_per_million_input: 2.5\nprice_per_million_output: 10.0";
        CellCostEstimate once = estimate(campaign(1, prices)).cells().get(0);
        CellCostEstimate twice = estimate(campaign(2, prices)).cells().get(0);

        assertThat(once.promptHow()).startsWith("estimated at 4 characters a token");
        assertThat(once.items()).isEqualTo(3);
        assertThat(twice.items()).isEqualTo(6);
        assertThat(twice.promptTokens()).as("each trial sends the same prompts again").isEqualTo(2 * once.promptTokens());
        // 6 items x max_tokens 100
        assertThat(twice.outputTokensBound()).isEqualTo(600);
        // prompt x 2.5 + 600 x 10.0, per million
        assertThat(twice.usdBound()).isCloseTo(twice.promptTokens() * 2.5 / 1e6 + 0.006, withinPercentage(1e-6));
        assertThat(twice.batchUsd()).isNull();
        assertThat(server.getRequestCount()).as("no server contacted").isZero();
    }

    @Test
    void aProfileWithBatchPricesGetsTheBatchBoundAtThem() throws Exception {
        String prices = "price_per_million_input: 2.5\nprice_per_million_output: 10.0\n"
                + "batch_price_per_million_input: 1.25\nbatch_price_per_million_output: 5.0";
        CellCostEstimate cell = estimate(campaign(1, prices)).cells().get(0);
        // half of each normal price: prompt x 1.25 + 300 x 5.0, per million, exactly half the normal bound
        assertThat(cell.batchUsd()).isCloseTo(cell.promptTokens() * 1.25 / 1e6 + 300 * 5.0 / 1e6, withinPercentage(1e-6));
        assertThat(cell.batchUsd()).isCloseTo(cell.usdBound() / 2, withinPercentage(1e-6));
        assertThat(cell.shown()).contains("; batch at most $");
    }

    @Test
    void maxUsdRefusesACampaignEstimatedAboveItInOneSentenceAndPassesOneBelowIt() throws Exception {
        Path file = campaign(1, "price_per_million_input: 2.5\nprice_per_million_output: 10.0");
        CliRun refused = CliRun.capturing("campaign", "plan", file.toString(), "--max-usd", "0.001");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.out()).contains("m / superhero / direct / none: 3 item(s)").contains("output tokens at most 300 (max_tokens)");
        assertThat(refused.err()).contains("campaign c is estimated at up to $").contains(", above --max-usd 0.001; ");

        CliRun passed = CliRun.capturing("campaign", "plan", file.toString(), "--max-usd", "100");
        assertThat(passed.exit()).as(passed.err()).isZero();
        assertThat(passed.out()).contains("total: prompt tokens ");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void maxUsdRefusesACampaignWhoseModelHasNoPrices() throws Exception {
        CliRun refused = CliRun.capturing("campaign", "plan", campaign(1, "").toString(), "--max-usd", "100");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("cannot be checked against --max-usd 100.0: cell m / superhero / direct / none has no prices");
    }
}
