package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model-call batch whose cell asks it to stop ({@link BatchGate}: paused, or a smaller window) starts no further item,
 * lets the call in flight finish and store its output, and reports the rest of its range unstarted. Three items, one
 * at a time, answered by the endpoint (a MockWebServer test double) after a delay: when the cell asks the batch to stop,
 * each answer takes 3 s, and the gate is first asked after {@link ModelCallActivitiesImpl#GATE_CHECK_MILLIS} (1 s), while
 * item 0 is in flight, so exactly one item is started.
 */
class ModelCallBatchYieldTest {
    private static final String ANSWER = "[{\"name\": \"get_height\", \"arguments\": {}}]";

    @TempDir Path tmp;

    @Test
    void aBatchAskedToStopFinishesTheCallInFlightAndStartsNoOther() throws Exception {
        Set<String> asked = ConcurrentHashMap.newKeySet();
        BatchCallResult result = runBatch(true, 3000, cellWorkflowId -> {
            asked.add(cellWorkflowId);
            return false;
        });
        assertThat(result.started()).as("only the item in flight when the cell asked").isEqualTo(1);
        assertThat(result.yielded()).isTrue();
        assertThat(result.failures()).isEmpty();
        assertThat(asked).as("the batch asked the workflow that scheduled it").hasSize(1);
    }

    @Test
    void aBatchWhoseCellLetsItGoOnRunsItsWholeRange() throws Exception {
        BatchCallResult result = runBatch(true, 1500, cellWorkflowId -> true);
        assertThat(result.started()).isEqualTo(3);
        assertThat(result.yielded()).isFalse();
    }

    @Test
    void aBatchOfACellRecordedBeforeYieldingNeverAsks() throws Exception {
        Set<String> asked = ConcurrentHashMap.newKeySet();
        BatchCallResult result = runBatch(false, 1500, cellWorkflowId -> {
            asked.add(cellWorkflowId);
            return false;
        });
        assertThat(result.started()).isEqualTo(3);
        assertThat(result.yielded()).isFalse();
        assertThat(asked).isEmpty();
    }

    private BatchCallResult runBatch(boolean yieldsWhenAsked, long answerMillis, BatchGate gate) throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("slow", 32, "");
            for (int i = 0; i < 3; i++) {
                fixture.server.enqueue(new MockResponse().setBody(ModelCallFixture.completion(ANSWER, "stop"))
                        .setHeadersDelay(answerMillis, TimeUnit.MILLISECONDS));
            }
            fixture.campaign("""
                    [{"name": "slow", "profile": "slow", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("slow");
            ModelCallActivities activities = fixture.activities(
                    ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(60)), gate);

            BatchCallResult result = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 3, 1, Integer.MAX_VALUE, yieldsWhenAsked));

            assertThat(fixture.server.getRequestCount()).as("one request per started item").isEqualTo(result.started());
            List<String> stored = ModelCallFixture.HEROES.stream().map(s -> s.sampleId())
                    .filter(id -> fixture.store.modelCall(cellId, id, 0, 0).isPresent()).toList();
            assertThat(stored).as("every started item's output is stored, no other")
                    .isEqualTo(ModelCallFixture.HEROES.subList(0, result.started()).stream().map(s -> s.sampleId()).toList());
            return result;
        }
    }
}
