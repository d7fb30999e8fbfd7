package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rate_per_second} in a batched direct cell, on the real dev server with a worker in its own JVM: 25 samples x 4
 * trials are 100 requests, sent by batch activities of up to 8 at once, and at {@code rate_per_second: 10} the
 * counting fake endpoint (test double, answering after 20 ms) sees them over at least 9.5 s (request 1 at 0 s,
 * request 100 at 9.9 s; measured 10.4 s). Before the per-request pace only the batch activities' starts were limited
 * (issue 30 measured 4.1 requests per second at {@code rate_per_second: 2}); {@code RatePerSecondBatchTest} shows the
 * same batch without the pace in under a second.
 */
class RatePerSecondCampaignIT {
    static final int SAMPLES = 25;
    static final int TRIALS = 4;
    @TempDir Path dir;

    @Test
    void oneHundredBatchedRequestsAtTenPerSecondTakeAtLeastNineAndAHalfSeconds() throws Exception {
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20))) {
            Path file = dir.resolve("paced.yaml");
            Files.writeString(file, """
                    name: paced
                    models:
                      - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: 8, rate_per_second: 10}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: %d, seed: 3}
                    trials: %d
                    samples_in_flight: 16
                    """.formatted(endpoint.baseUrl(), SuperheroEvalSets.slot(), SAMPLES, TRIALS));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                CampaignStatus status = harness.run(file, "paced", Duration.ofMinutes(4));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                List<SampleResultRecord> results = harness.services().store().sampleResults("paced/fake/slot/direct");
                assertThat(results).hasSize(SAMPLES * TRIALS).allSatisfy(r -> assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED));

                List<Long> arrivals = endpoint.arrivals();
                assertThat(arrivals).as("one request per item").hasSize(SAMPLES * TRIALS);
                double seconds = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e9;
                System.out.printf("RatePerSecondCampaignIT: %d requests in %.2f s%n", arrivals.size(), seconds);
                assertThat(seconds).as("100 requests at 10/s").isGreaterThanOrEqualTo(9.5);
            }
        }
    }
}
