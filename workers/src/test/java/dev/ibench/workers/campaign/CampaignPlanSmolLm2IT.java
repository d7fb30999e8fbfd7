package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.estimate.CampaignCostEstimate;
import dev.ibench.workers.campaign.estimate.CampaignCostPlanner;
import dev.ibench.workers.campaign.estimate.CellCostEstimate;
import dev.ibench.workers.campaign.estimate.TypicalOutputTokens;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 3 of issue 44: {@code campaign plan} on a SmolLM2 campaign (in-process GGUF, superhero SLOT samples with
 * the shortest prompts) counts the prompt tokens the run then records in its ledger within 5%, before anything runs;
 * once the store holds the run, the plan's typical output figure is the mean of that run's answers.
 */
class CampaignPlanSmolLm2IT {
    private static final int MAX_TOKENS = 8;
    @TempDir Path dir;

    @Test
    void plannedPromptTokensAreWithinFivePercentOfWhatTheRunRecords() throws Exception {
        TrialsSmolLm2IT.buildShortestSuperheroSlot(dir, 3);
        Path file = dir.resolve("planned.yaml");
        Files.writeString(file, """
                name: planned
                models:
                  - {name: smol, profile: smollm2, price_per_million_input: 0.5, price_per_million_output: 2.0}
                benchmarks:
                  - {name: superhero-slot, eval_set: eval/superhero-shortest.json}
                samples: {limit: 2, seed: 3}
                decoding: {temperature: 0, max_tokens: %d, seed: 21}
                """.formatted(MAX_TOKENS));
        IbenchHome home = IbenchHome.resolve();
        Map<String, String> env = Map.of("IBENCH_MODEL_DIR", home.root().resolve(".tools/models").toString());
        Function<String, String> environment = env::get;
        ProfileCatalog profiles = ProfileCatalog.load(home.root().resolve("profiles"));

        CellCostEstimate planned = new CampaignCostPlanner(profiles, environment, TypicalOutputTokens.NONE).estimate(file).cells().get(0);
        assertThat(planned.promptHow()).startsWith("counted with the model's GGUF tokenizer");
        assertThat(planned.items()).isEqualTo(2);
        assertThat(planned.outputTokensBound()).isEqualTo(2L * MAX_TOKENS);
        assertThat(planned.outputTokensTypical()).as("an empty store has no earlier answers").isNull();
        // 0.5 USD per million prompt tokens, and at most 16 output tokens at 2.0
        assertThat(planned.usdBound()).isCloseTo(planned.promptTokens() * 0.5 / 1e6 + 16 * 2.0 / 1e6, withinPercentage(1e-6));

        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
            CampaignStatus status = harness.run(file, "planned", Duration.ofMinutes(20));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            SpendTotals recorded = harness.services().spend().cellTotals("planned/smol/superhero-slot/direct");
            assertThat(recorded.attempts()).isEqualTo(2);
            System.out.printf("CampaignPlanSmolLm2IT: planned %d prompt tokens, the run recorded %d%n", planned.promptTokens(),
                    recorded.promptTokens());
            assertThat(planned.promptTokens()).isCloseTo(recorded.promptTokens(), withinPercentage(5));

            CampaignCostEstimate again = new CampaignCostPlanner(profiles, environment,
                    new TypicalOutputTokens(harness.services().store(), harness.services().spend())).estimate(file);
            // two items at the mean of the run's two answers: the run's completion tokens
            assertThat(again.cells().get(0).outputTokensTypical()).isEqualTo(recorded.completionTokens());
            assertThat(again.cells().get(0).typicalFrom()).contains("of 2 earlier answers of profile smollm2");
        }
    }
}
