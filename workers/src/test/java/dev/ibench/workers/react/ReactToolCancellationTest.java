package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.HttpRestToolEnvironment;
import dev.ibench.activities.react.ReactStepRef;
import dev.ibench.activities.react.ReactToolActivities;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.SilentHttpServer;
import io.temporal.testing.TestActivityEnvironment;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "cancelled model calls keep calling", for the ReACT agent's REST actions: a step whose tool server is slow
 * to answer is cancelled (what {@code campaign cancel} does to the running activity); the in-flight HTTP request must be
 * aborted at once (the server sees its connection closed), not waited out up to the request's 60 s timeout.
 */
class ReactToolCancellationTest {
    @TempDir Path dir;

    @Test
    void cancellingARestActionAbortsItsHttpRequest() throws Exception {
        Path evalSet = SuperheroEvalSets.rest();
        EvalSetCache evalSets = new EvalSetCache();
        EvalSample sample = evalSets.samples(evalSet.toString()).values().stream()
                .filter(s -> !s.output().get(0).arguments().isEmpty()).findFirst().orElseThrow();
        ToolCall gold = sample.output().get(0);
        try (SilentHttpServer server = new SilentHttpServer();
             ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.sqlite"))) {
            TestActivityEnvironment environment = TestActivityEnvironment.newInstance();
            try {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c-cancel", "react cancel test", "{}");
            store.saveCell(new CellRecord("cancel", "c-cancel", "m", "rest", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples("cancel", List.of(sample.sampleId()));
            String action = "Thought: look it up\nAction: " + gold.name() + "\nAction Input: " + Json.MAPPER.writeValueAsString(gold.arguments()) + "\n";
            store.saveModelCall(new ModelCallRecord("cancel", sample.sampleId(), 0, 1, "k", action, 1, 1, 1L, false));
            environment.registerActivitiesImplementations(ReactToolActivitiesImpl.byCell(store, evalSets,
                    cell -> HttpRestToolEnvironment.forEvalSet(evalSet, file -> server.uri(), HttpClient.newHttpClient())));
            ReactToolActivities tools = environment.newActivityStub(ReactToolActivities.class);

            Thread canceller = new Thread(() -> {
                try {
                    if (server.awaitRequests(1, Duration.ofSeconds(10))) {
                        Thread.sleep(300);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                environment.requestCancelActivity();
            });
            canceller.start();
            long start = System.nanoTime();
            assertThatThrownBy(() -> tools.act(new ReactStepRef("cancel", 0, 0, 1))).as("the cancelled step fails").isNotNull();
            canceller.join();
            assertThat(server.requests()).as("the action's request reached the tool server").isPositive();
            assertThat(server.awaitAllClosed(Duration.ofSeconds(10)))
                    .as("the in-flight request was aborted (its connection closed), not waited out (60 s timeout)").isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds until aborted").isLessThan(15);
            assertThat(server.requests()).as("no retry after cancellation").isEqualTo(1);
            assertThat(store.toolExecutions("cancel", sample.sampleId(), 0)).as("no observation stored for a cancelled step").isEmpty();
            } finally {
                environment.close();
            }
        }
    }
}
