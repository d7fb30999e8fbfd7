package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.workers.IbenchHome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign start} refuses, before any workflow starts (the Temporal client is never touched: null here), an
 * eval set by reference that the artifact store does not hold and an eval set whose database exists nowhere.
 */
class CampaignStartArtifactsTest {
    @TempDir Path dir;

    @BeforeEach
    void store() {
        System.setProperty(StoreSetting.PROPERTY, dir.resolve("results.db").toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    private Path campaign(String evalSet) throws Exception {
        return Files.writeString(dir.resolve("c.yaml"), """
                name: c
                models: [{name: oracle, profile: oracle}]
                benchmarks: [{name: b, eval_set: "%s"}]
                """.formatted(evalSet));
    }

    @Test
    void aReferenceTheStoreDoesNotHoldIsRefused() throws Exception {
        String ref = "sha256:" + "ab".repeat(32);
        assertThatThrownBy(() -> new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), null).start(campaign(ref), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("benchmarks 'b'").hasMessageContaining(ref)
                .hasMessageContaining("is not in the artifact tables of results store");
        assertThatThrownBy(() -> CampaignStarter.validate(campaign("sha256:XYZ")))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("64 lowercase hex digits");
    }

    @Test
    void anEvalSetWhoseDatabaseExistsNowhereIsRefusedNamingIt() throws Exception {
        Files.writeString(dir.resolve("set-slot.json"), """
                [{"sample_id": "s1", "dataset_name": "t", "input": "q", "query": "SELECT 1", "gold_answer": [[1]], "output": [],
                  "tools": [], "initialization_step": {"database_path": "nowhere/gone.sqlite", "alias_to_table_dict": {"t": "t"}}}]
                """);
        assertThatThrownBy(() -> new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), null)
                .start(campaign("set-slot.json"), "x"))
                .isInstanceOf(CampaignSpecException.class).hasMessageContaining("benchmarks 'b'")
                .hasMessageContaining("database_path 'nowhere/gone.sqlite' names no file");
    }
}
