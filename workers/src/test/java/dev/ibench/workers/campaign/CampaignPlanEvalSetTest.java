package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.campaign.CampaignSpecException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Planning reads each eval set as a summary ({@link EvalSetSummary}): the item count still multiplies the samples of
 * each benchmark (ten benchmarks over one file count it ten times) by trials, and mode sql still refuses a set with a
 * sample that has no database, naming the benchmark.
 */
class CampaignPlanEvalSetTest {
    private static final String WITH_DB = ", \"initialization_step\": {\"name\": \"initialize_active_data\", \"arguments\": {}}";

    @TempDir Path dir;

    @BeforeEach
    void isolated() {
        System.setProperty("ibench.home", dir.toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty("ibench.home");
    }

    private static String sample(String id, String extra) {
        return "{\"sample_id\": \"" + id + "\", \"input\": \"q " + id + "\", \"output\": [], \"tools\": []" + extra + "}";
    }

    private Path campaign(String benchmarks, String more) throws Exception {
        return Files.writeString(dir.resolve("campaign.yaml"), "name: p\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks:\n"
                + benchmarks + more);
    }

    @Test
    void itemsCountEachBenchmarksSamplesTimesTrials() throws Exception {
        Files.writeString(dir.resolve("set.json"), "[" + sample("a", WITH_DB) + ", " + sample("b", WITH_DB) + ", " + sample("c", WITH_DB) + "]");
        Files.writeString(dir.resolve("other.jsonl"), sample("x", WITH_DB) + "\n" + sample("y", WITH_DB) + "\n");
        Path file = campaign("  - {name: b0, eval_set: set.json}\n  - {name: b1, eval_set: set.json}\n  - {name: b2, eval_set: set.json}\n"
                + "  - {name: b3, eval_set: other.jsonl}\n", "trials: 2\n");
        CampaignPlan plan = CampaignStarter.plan(file);
        assertThat(plan.knownItems()).isEqualTo((3 + 3 + 3 + 2) * 2);
        assertThat(plan.cells()).isEqualTo(4);
    }

    @Test
    void modeSqlRefusesASetWithASampleWithoutADatabase() throws Exception {
        Files.writeString(dir.resolve("mixed.json"), "{\"data\": [" + sample("a", WITH_DB) + ", " + sample("b", "") + "]}");
        Path file = campaign("  - {name: mixed, eval_set: mixed.json}\n", "modes: [sql]\n");
        assertThatThrownBy(() -> CampaignStarter.plan(file)).isInstanceOf(CampaignSpecException.class)
                .hasMessage(file + ": benchmarks 'mixed': mode sql runs queries on the samples' databases, and this eval set has "
                        + "samples without one (sql needs SLOT or SEL eval sets)");
        Files.writeString(dir.resolve("mixed.json"), "{\"data\": [" + sample("a", WITH_DB) + ", " + sample("b", WITH_DB) + "]}");
        assertThat(CampaignStarter.plan(file).knownItems()).isEqualTo(2);
    }
}
