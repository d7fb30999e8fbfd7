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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rate_per_second} shared by every worker of an endpoint (issue 44, must show 4): two LLM workers, each in its own
 * JVM (beside a third for workflows and scoring), on one results store (SQLite file), send to one endpoint at
 * {@code rate_per_second: 2}. Each serves one of two model entries at that endpoint (served model names {@code a} and
 * {@code b}, so their requests differ), and the campaign runs both batched direct cells at once: 2 x 25 samples x 3
 * trials = 150 requests. (With one entry served by both workers, Temporal gave every batch to one worker in three runs:
 * a cell runs its batches one after another.) The counting fake endpoint (test double, answering after 20 ms) tells the
 * workers apart by the key each was started with; in every 60-second window it may see at most 2.1 requests per second
 * (126), both workers sending throughout. With the pace per process (before), each worker sent 2 a second, and the
 * Temporal server's per-queue limit (one queue per model) did not hold them back: about 4 a second together.
 */
class SharedRatePerSecondIT {
    static final int SAMPLES = 25;
    static final int TRIALS = 3;
    static final int REQUESTS = 2 * SAMPLES * TRIALS;
    static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);
    @TempDir Path dir;

    @Test
    void twoWorkersTogetherSendAtMostTheRateOfTheEndpoint() throws Exception {
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20))) {
            String modelA = model("a", endpoint);
            String modelB = model("b", endpoint);
            Path campaign = campaignFile("shared", modelA + modelB);
            Map<String, String> store = Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,scoring", "--models-from", campaign.toString());
                 WorkerProcess a = llmWorker(harness, store, "worker-a", campaignFile("only-a", modelA));
                 WorkerProcess b = llmWorker(harness, store, "worker-b", campaignFile("only-b", modelB))) {
                CampaignStatus status = harness.run(campaign, "shared", Duration.ofMinutes(5));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                for (String model : List.of("a", "b")) {
                    List<SampleResultRecord> results = harness.services().store().sampleResults("shared/" + model + "/slot/direct");
                    assertThat(results).hasSize(SAMPLES * TRIALS).allSatisfy(r -> assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED));
                }

                List<KeyedArrival> arrivals = endpoint.keyedArrivals();
                assertThat(arrivals).as("one request per item").hasSize(REQUESTS);
                long first = arrivals.get(0).arrivedNanos();
                Map<Long, Long> perSecond = arrivals.stream().collect(Collectors.groupingBy(
                        r -> (r.arrivedNanos() - first) / 1_000_000_000L, TreeMap::new, Collectors.counting()));
                Map<String, Long> perWorker = arrivals.stream().collect(Collectors.groupingBy(KeyedArrival::authorization,
                        TreeMap::new, Collectors.counting()));
                int busiest = busiestWindow(arrivals);
                double seconds = (arrivals.get(arrivals.size() - 1).arrivedNanos() - first) / 1e9;
                System.out.printf("SharedRatePerSecondIT: %d requests in %.1f s, per worker %s, busiest 60 s window %d (%.2f/s), per second %s%n",
                        arrivals.size(), seconds, perWorker, busiest, busiest / 60.0, perSecond.values());

                assertThat(perWorker).as("each worker sent its model's requests")
                        .isEqualTo(Map.of("Bearer worker-a", (long) SAMPLES * TRIALS, "Bearer worker-b", (long) SAMPLES * TRIALS));
                assertThat(seconds).as("150 requests at 2/s span at least 74.5 s (149 intervals)").isGreaterThanOrEqualTo(74.0);
                assertThat(busiest).as("at most 2.1 requests/s in any 60-second window").isLessThanOrEqualTo(126);
            }
        }
    }

    /** A model entry at the endpoint under served model name {@code name}, its key from the worker's environment. */
    private static String model(String name, FakeOpenAiEndpoint endpoint) {
        return "  - {name: %s, profile: vllm-qwen2.5-7b, endpoint: \"%s\", model: %s, api_key_env: IBENCH_LIMITS_IT_KEY, concurrency: 4, rate_per_second: 2}\n"
                .formatted(name, endpoint.baseUrl(), name);
    }

    private Path campaignFile(String name, String models) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, """
                name: shared
                models:
                %sbenchmarks: [{name: slot, eval_set: %s}]
                samples: {limit: %d, seed: 3}
                trials: %d
                cells_in_flight: 2
                samples_in_flight: 8
                """.formatted(models, SuperheroEvalSets.slot(), SAMPLES, TRIALS));
        return file;
    }

    /** An LLM worker in its own JVM on the harness's server and store, serving the models of {@code models}, sending {@code key}. */
    private WorkerProcess llmWorker(CampaignHarness harness, Map<String, String> store, String key, Path models) {
        Map<String, String> env = new HashMap<>(store);
        env.put("IBENCH_LIMITS_IT_KEY", key);
        return WorkerProcess.start(harness.address(), "llm", dir.resolve(key + ".log"), env, "--models-from", models.toString());
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
