package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.prompt.ProfileCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign start} reads the profile catalog once: the USD budget's price check and the profile check both use
 * the catalog handed to {@link CampaignStarter#plan(Path, ProfileCatalog)}. A profile known only to that catalog (not
 * to the installation's {@code profiles/} folder) passes both; with the installation's catalog the same file fails.
 */
class CampaignPlanProfilesTest {
    @TempDir Path dir;

    @Test
    void bothChecksUseTheOneCatalogReadByTheCaller() throws Exception {
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        Files.writeString(profiles.resolve("priced-oracle.yaml"), """
                name: priced-oracle
                description: test tool - the oracle with prices
                provider: oracle
                model: oracle
                family: gpt-4o
                mode: tools
                api: chat
                parser: [json]
                price_per_million_input: 1
                price_per_million_output: 2
                """);
        Path file = Files.writeString(dir.resolve("c.yaml"), """
                name: c
                models: [{name: m, profile: priced-oracle, budget: {usd: 2}}]
                benchmarks: [{name: b, eval_set: "sha256:%s"}]
                budget: {usd: 5}
                """.formatted("ab".repeat(32)));

        CampaignPlan plan = CampaignStarter.plan(file, ProfileCatalog.load(profiles));

        assertThat(plan.spec().models()).singleElement().satisfies(m -> assertThat(m.profile()).isEqualTo("priced-oracle"));
        assertThatThrownBy(() -> CampaignStarter.plan(file, ProfileCatalog.load(dir.resolve("no-profiles"))))
                .hasMessageContaining("priced-oracle");
    }
}
