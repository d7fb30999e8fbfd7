package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45: every settings map of a campaign file (docs/campaigns.md) takes the documented default for each key it
 * leaves out; one test per map. The defaults are the numbers the doc states (react: budget 10, 1,000 observation
 * characters, 20 steps per turn; ablation settings: min_similarity 0.8, 3 tools per gold tool, max_similarity 1).
 */
class CampaignSettingsDefaultsTest {
    private static final String BASE = "name: d\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
    @TempDir Path dir;

    private CampaignSpec load(String extra) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, BASE + extra);
        return new CampaignSpecLoader().load(f);
    }

    @Test
    void reactWithOnlyStepsPerTurnKeepsTheDefaultBudgetAndObservationSize() throws IOException {
        CampaignSpec spec = load("modes: [react]\nreact: {steps_per_turn: 5}\n");
        assertThat(spec.react().budget()).isEqualTo(10);
        assertThat(spec.react().observationChars()).isEqualTo(1000);
        assertThat(spec.react().stepLimitPerTurn()).isEqualTo(5);
    }

    @Test
    void reactWithOnlyABudgetKeepsTheDefaultObservationSizeAndStepsPerTurn() throws IOException {
        CampaignSpec spec = load("modes: [react]\nreact: {budget: 5}\n");
        assertThat(spec.react().budget()).isEqualTo(5);
        assertThat(spec.react().observationChars()).isEqualTo(1000);
        assertThat(spec.react().stepLimitPerTurn()).isEqualTo(20);
    }

    @Test
    void reactWithOnlyObservationCharsKeepsTheDefaultBudget() throws IOException {
        CampaignSpec spec = load("modes: [react]\nreact: {observation_chars: 500}\n");
        assertThat(spec.react().budget()).isEqualTo(10);
        assertThat(spec.react().observationChars()).isEqualTo(500);
    }

    @Test
    void anEmptyReactMapIsTheDefault() throws IOException {
        CampaignSpec spec = load("modes: [react]\nreact: {}\n");
        assertThat(spec.react().budget()).isEqualTo(10);
        assertThat(spec.react().observationChars()).isEqualTo(1000);
        assertThat(spec.react().stepLimitPerTurn()).isEqualTo(20);
    }

    @Test
    void samplesWithOnlyASeedRunsEverySample() throws IOException {
        CampaignSpec spec = load("samples: {seed: 7}\n");
        assertThat(spec.samples().limit()).isNull();
        assertThat(spec.samples().seed()).isEqualTo(7L);
    }

    @Test
    void decodingWithOnlyASeedLeavesTheProfilesSettings() throws IOException {
        CampaignSpec spec = load("decoding: {seed: 7}\n");
        assertThat(spec.decoding()).isEqualTo(new DecodingOverrides(null, null, null, 7L, null));
        assertThat(spec.decoding().campaignSeed()).isEqualTo(7L);
    }

    @Test
    void budgetWithOnlyUsdHasNoTokenLimit() throws IOException {
        CampaignSpec spec = load("budget: {usd: 5.0}\n");
        assertThat(spec.budget().tokens()).isNull();
        assertThat(spec.budget().reachedBy(4.99, Long.MAX_VALUE)).isFalse();
    }

    @Test
    void aModelWithOnlyNameAndProfileTakesTheProfilesLimits() throws IOException {
        ModelEntry model = load("").models().get(0);
        assertThat(model.concurrency()).isNull();
        assertThat(model.ratePerSecond()).isNull();
        assertThat(model.budget()).isNull();
    }

    @Test
    void mcpWithOnlyAUrlIsUsable() throws IOException {
        CampaignSpec spec = load("modes: [react]\ntools_via: mcp\nmcp: {url: http://127.0.0.1:8765/mcp}\n");
        assertThat(spec.mcp().command()).isNull();
        assertThat(spec.mcp().problems()).isEmpty();
    }

    @Test
    void ablationSettingsWithOnlyTheirModelTakeTheDocumentedThresholds() throws IOException {
        CampaignSpec spec = load("""
                ablations: [none, paraphrase, toolkit_expansion]
                ablation_settings:
                  paraphrase: {model: {profile: p}}
                  toolkit_expansion: {model: {profile: p}}
                """);
        assertThat(spec.ablationSettings().paraphrase().minSimilarityOrDefault()).isEqualTo(0.8);
        assertThat(spec.ablationSettings().toolkitExpansion().toolsPerGoldToolOrDefault()).isEqualTo(3);
        assertThat(spec.ablationSettings().toolkitExpansion().minSimilarityOrDefault()).isEqualTo(0.8);
        assertThat(spec.ablationSettings().toolkitExpansion().maxSimilarityOrDefault()).isEqualTo(1.0);
    }
}
