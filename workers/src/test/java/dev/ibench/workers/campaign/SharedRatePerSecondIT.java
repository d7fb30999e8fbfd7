package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.FakeOpenAiEndpoint.KeyedArrival;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rate_per_second} shared by every worker of an endpoint (issue 44, must show 4): two LLM workers, each in its own
 * JVM, on one results store (SQLite file), serve a batched direct cell of 25 samples x 6 trials = 150 requests at
 * {@code rate_per_second: 2}. The counting fake endpoint (test double, answering after 20 ms) tells the workers apart by
 * the key each was started with; in every 60-second window it may see at most 2.1 requests per second (126), both
 * workers having sent some. With the pace per process (before), each worker sent 2 a second: about 4 a second together.
 */
class SharedRatePerSecondIT {
    static final int SAMPLES = 25;
    static final int TRIALS = 6;
    static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);
    @TempDir Path dir;

    @Test
    void twoWorkersTogetherSendAtMostTheRateOfTheEndpoint() throws Exception {
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20))) {
            Path file = dir.resolve("shared.yaml");
            Files.writeString(file, """
                    name: shared
                    models:
                      - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", api_key_env: IBENCH_LIMITS_IT_KEY, concurrency: 8,
                         rate_per_second: 2}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: %d, seed: 3}
                    trials: %d
                    samples_in_flight: 32
                    """.formatted(endpoint.baseUrl(), SuperheroEvalSets.slot(), SAMPLES, TRIALS));
            try (CampaignHarness harness = CampaignHarness.start(dir, Map.of("IBENCH_LIMITS_IT_KEY", "worker-a"),
                    "--models-from", file.toString());
                 WorkerProcess second = WorkerProcess.start(harness.address(), "llm", dir.resolve("second-worker.log"),
                         Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString(),
                                "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString(),
                                "IBENCH_LIMITS_IT_KEY", "worker-b"),
                         "--models-from", file.toString())) {
                CampaignStatus status = harness.run(file, "shared", Duration.ofMinutes(5));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                List<SampleResultRecord> results = harness.services().store().sampleResults("shared/fake/slot/direct");
                assertThat(results).hasSize(SAMPLES * TRIALS).allSatisfy(r -> assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED));

                List<KeyedArrival> arrivals = endpoint.keyedArrivals();
                assertThat(arrivals).as("one request per item").hasSize(SAMPLES * TRIALS);
                long first = arrivals.get(0).arrivedNanos();
                Map<Long, Long> perSecond = arrivals.stream().collect(Collectors.groupingBy(
                        a -> (a.arrivedNanos() - first) / 1_000_000_000L, TreeMap::new, Collectors.counting()));
                Map<String, Long> perWorker = arrivals.stream().collect(Collectors.groupingBy(KeyedArrival::authorization,
                        TreeMap::new, Collectors.counting()));
                int busiest = busiestWindow(arrivals);
                double seconds = (arrivals.get(arrivals.size() - 1).arrivedNanos() - first) / 1e9;
                System.out.printf("SharedRatePerSecondIT: %d requests in %.1f s, per worker %s, busiest 60 s window %d (%.2f/s), per second %s%n",
                        arrivals.size(), seconds, perWorker, busiest, busiest / 60.0, perSecond.values());

                assertThat(perWorker).as("both workers sent requests").containsOnlyKeys("Bearer worker-a", "Bearer worker-b")
                        .allSatisfy((key, n) -> assertThat(n).isPositive());
                assertThat(seconds).as("150 requests at 2/s span at least 74.5 s").isGreaterThanOrEqualTo(74.0);
                assertThat(busiest).as("at most 2.1 requests/s in any 60-second window").isLessThanOrEqualTo(126);
            }
        }
    }

    /** The most requests that arrived within 60 seconds of one another (from each arrival on). */
    private static int busiestWindow(List<KeyedArrival> arrivals) {
        int busiest = 0;
        int end = 0;
        for (int start = 0; start < arrivals.size(); start++) {
            while (end < arrivals.size() && arrivals.get(end).arrivedNanos() - arrivals.get(start).arrivedNanos() < WINDOW_NANOS) {
                end++;
            }
            busiest = Math.max(busiest, end - start);
        }
        return busiest;
    }
}
