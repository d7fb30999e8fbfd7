package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started without {@code --models-from} serves the models of campaigns started after it, one campaign after
 * another, without a restart (real dev server, worker in its own JVM, the oracle as the model).
 */
class WorkerFollowsCampaignsIT {
    @TempDir Path dir;

    @Test
    void campaignsStartedLaterAreServedWithoutARestart() throws Exception {
        try (CampaignHarness harness = CampaignHarness.start(dir)) {
            for (String model : new String[] {"first-oracle", "second-oracle"}) {
                Path file = dir.resolve(model + ".yaml");
                Files.writeString(file, """
                        name: %s
                        models: [{name: %s, profile: oracle}]
                        benchmarks: [{name: slot, eval_set: %s}]
                        samples: {limit: 4, seed: 1}
                        """.formatted(model, model, SuperheroEvalSets.slot()));
                CampaignStatus status = harness.run(file, model, Duration.ofMinutes(2));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(harness.workerLog()).contains("now serving (new campaign)").contains(model);
            }
        }
    }
}
