package dev.ibench.workflows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Scoring, planning and RecordInfraError (a planning activity) retry through a results store outage of minutes, as
 * model calls do: 10 attempts, 1 s doubling to 60 s. Before, 5 attempts and 15 s of backoff failed the item.
 */
class StoreOutageRetriesTest {
    private static final String QUEUE = "store-outage";

    @Test
    void everyStoreOnlyActivityRetriesAsLongAsAModelCall() {
        List<ActivityOptions> storeOnly = List.of(
                CellActivityOptions.scoring("q", "s"),
                CellActivityOptions.scoringBatch("q", "s"),
                CellActivityOptions.sqlScoring("q", "s", Duration.ofSeconds(30)),
                CellActivityOptions.sqlScoringBatch("q", "s", Duration.ofSeconds(30), 4),
                CellActivityOptions.planning());
        RetryOptions modelCall = CellActivityOptions.modelCall("q", "s").getRetryOptions();
        for (ActivityOptions options : storeOnly) {
            RetryOptions retries = options.getRetryOptions();
            assertThat(retries.getMaximumAttempts()).isEqualTo(10).isEqualTo(modelCall.getMaximumAttempts());
            assertThat(retries.getInitialInterval()).isEqualTo(Duration.ofSeconds(1));
            assertThat(retries.getBackoffCoefficient()).isEqualTo(2.0);
            assertThat(retries.getMaximumInterval()).isEqualTo(Duration.ofSeconds(60)).isEqualTo(modelCall.getMaximumInterval());
            assertThat(backoff(retries)).as("waited between the 10 attempts: 1+2+4+8+16+32+60+60+60 s")
                    .isEqualTo(Duration.ofSeconds(243));
        }
    }

    @ActivityInterface
    public interface StoreWrite {
        void write();
    }

    @WorkflowInterface
    public interface Writer {
        /** The workflow time the write took to succeed, in ms. */
        @WorkflowMethod
        long write();
    }

    public static class WriterImpl implements Writer {
        private final StoreWrite store = Workflow.newActivityStub(StoreWrite.class,
                CellActivityOptions.scoring(QUEUE, "score"));

        @Override
        public long write() {
            long start = Workflow.currentTimeMillis();
            store.write();
            return Workflow.currentTimeMillis() - start;
        }
    }

    /** A store down for its first {@code failures} attempts. */
    static final class DownStore implements StoreWrite {
        final AtomicInteger attempts = new AtomicInteger();
        private final int failures;

        DownStore(int failures) {
            this.failures = failures;
        }

        @Override
        public void write() {
            if (attempts.incrementAndGet() <= failures) {
                throw new IllegalStateException("results store: cannot connect: Connection refused");
            }
        }
    }

    @Test
    void aStoreDownForFourMinutesFailsNoItem() {
        DownStore store = new DownStore(9);
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            long took = run(env, store, "four-minutes");
            assertThat(store.attempts.get()).isEqualTo(10);
            assertThat(took).as("the outage the write waited out, in workflow time").isGreaterThanOrEqualTo(243_000);
        }
    }

    @Test
    void aStoreThatStaysDownFailsAfterTenAttempts() {
        DownStore store = new DownStore(Integer.MAX_VALUE);
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            Throwable failed = catchThrowable(() -> run(env, store, "stays-down"));
            assertThat(failed).isInstanceOf(WorkflowFailedException.class).cause().isInstanceOf(ActivityFailure.class);
            assertThat(store.attempts.get()).isEqualTo(10);
        }
    }

    private static long run(TestWorkflowEnvironment env, DownStore store, String id) {
        var worker = env.newWorker(QUEUE);
        worker.registerWorkflowImplementationTypes(WriterImpl.class);
        worker.registerActivitiesImplementations(store);
        env.start();
        return env.getWorkflowClient().newWorkflowStub(Writer.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(id).build()).write();
    }

    private static Duration backoff(RetryOptions retries) {
        Duration total = Duration.ZERO;
        Duration interval = retries.getInitialInterval();
        for (int retry = 1; retry < retries.getMaximumAttempts(); retry++) {
            total = total.plus(interval);
            Duration next = Duration.ofMillis((long) (interval.toMillis() * retries.getBackoffCoefficient()));
            interval = next.compareTo(retries.getMaximumInterval()) > 0 ? retries.getMaximumInterval() : next;
        }
        return total;
    }
}
