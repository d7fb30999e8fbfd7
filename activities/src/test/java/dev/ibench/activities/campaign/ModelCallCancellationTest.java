package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.temporal.activity.ActivityOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "cancelled model calls keep calling", through the direct cells' own activities: {@code campaign cancel}
 * cancels a running {@link ModelCallActivities#callModel} or {@link ModelCallActivities#callModelBatch}; the heartbeat
 * that learns it must abort the in-flight HTTP request (the endpoint, a MockWebServer test double, never answers; the
 * profile's timeout is 60 s) and send no retry. The store is a real SQLite results store ({@link ModelCallFixture}).
 */
class ModelCallCancellationTest {
    @TempDir Path tmp;

    @Test
    void cancellingAModelCallAbortsItsRequest() throws Exception {
        assertAbortedOnCancel(activities -> activities.callModel(new WorkItem(CELL, 0, 0)));
    }

    @Test
    void cancellingAModelCallBatchAbortsItsRequests() throws Exception {
        assertAbortedOnCancel(activities -> activities.callModelBatch(new ItemBatch(CELL, 1, 0, 2, 1, Integer.MAX_VALUE)));
    }

    private static final String CELL = "c1/slow/b/direct"; // ModelCallFixture.cell("slow")

    private void assertAbortedOnCancel(Consumer<ModelCallActivities> call) throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES.subList(0, 2))) {
            fixture.profile("slow", 32, "timeout_seconds: 60\nmax_attempts: 4\n");
            for (int i = 0; i < 4; i++) {
                fixture.server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE)); // the model is still thinking
            }
            fixture.campaign("""
                    [{"name": "slow", "profile": "slow", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            fixture.savedCell("slow");
            ModelCallActivities activities = fixture.activities(ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofMinutes(5))
                    .setHeartbeatTimeout(Duration.ofSeconds(20)));
            Thread canceller = new Thread(() -> {
                try {
                    fixture.server.takeRequest(10, TimeUnit.SECONDS); // the request is in flight
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                fixture.environment().requestCancelActivity(); // what `campaign cancel` does to the running activity
            });
            long start = System.nanoTime();
            canceller.start();
            assertThatThrownBy(() -> call.accept(activities)).as("the cancelled activity fails").isNotNull();
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            canceller.join();
            assertThat(seconds).as("aborted at the next heartbeat (every 5 s), not waited out (60 s timeout)").isLessThan(20);
            assertThat(fixture.server.getRequestCount()).as("one request, no retry after cancellation").isEqualTo(1);
            assertThat(fixture.store.modelCall(CELL, "s/1", 0, 0)).as("no output stored for the cancelled call").isEmpty();
        }
    }
}
