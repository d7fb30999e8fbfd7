package dev.ibench.workers.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.RetryOptions;
import io.temporal.common.converter.GlobalDataConverter;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Through a worker: large failures reach the workflow without frames but with their types and messages, and Temporal
 * retries them exactly as it retries the unchanged failures (the same number of attempts for a retryable failure, a
 * non-retryable {@link ApplicationFailure} and a type in the retry policy's non-retryable list).
 */
class CompactActivityFailuresTest {
    private static final String QUEUE = "compact-failures";

    @ActivityInterface
    public interface Failing {
        void fail(String kind);
    }

    @WorkflowInterface
    public interface Caller {
        @WorkflowMethod
        String call(String kind);
    }

    public static class CallerImpl implements Caller {
        private final Failing failing = Workflow.newActivityStub(Failing.class, ActivityOptions.newBuilder()
                .setStartToCloseTimeout(Duration.ofSeconds(10))
                .setRetryOptions(RetryOptions.newBuilder().setInitialInterval(Duration.ofMillis(10)).setMaximumAttempts(3)
                        .setDoNotRetry(IllegalArgumentException.class.getName()).build())
                .build());

        @Override
        public String call(String kind) {
            try {
                failing.fail(kind);
                return "completed";
            } catch (ActivityFailure f) {
                ApplicationFailure a = (ApplicationFailure) f.getCause();
                Throwable root = a;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                return a.getType() + " nonRetryable=" + a.isNonRetryable() + " root=" + ((ApplicationFailure) root).getType();
            }
        }
    }

    static final class FailingImpl implements Failing {
        final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();

        @Override
        public void fail(String kind) {
            attempts.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
            RuntimeException big = deep(new java.sql.SQLException("connection refused " + "x".repeat(3000)));
            switch (kind) {
                case "retryable" -> throw new IllegalStateException("store down", big);
                case "nonRetryable" -> throw ApplicationFailure.newNonRetryableFailureWithCause("rejected", "SampleRejected", big);
                default -> throw new IllegalArgumentException("bad input", big);
            }
        }

        private static RuntimeException deep(Throwable cause) {
            RuntimeException e = new RuntimeException("pool: " + cause.getMessage(), cause);
            StackTraceElement[] stack = new StackTraceElement[80];
            for (int i = 0; i < stack.length; i++) {
                stack[i] = new StackTraceElement("com.zaxxer.hikari.pool.Frame" + i, "getConnection", "Frame.java", i);
            }
            e.setStackTrace(stack);
            return e;
        }
    }

    @Test
    void largeFailuresAreRetriedAsBeforeAndReachTheWorkflowWithoutFrames() {
        Run without = run(false);
        Run with = run(true);

        assertThat(with.attempts()).as("attempts per kind, as without the interceptor")
                .isEqualTo(without.attempts()).isEqualTo(Map.of("retryable", 3, "nonRetryable", 1, "doNotRetry", 1));
        assertThat(with.results().get("retryable"))
                .isEqualTo("java.lang.IllegalStateException nonRetryable=false root=java.sql.SQLException");
        assertThat(with.results().get("nonRetryable"))
                .isEqualTo("SampleRejected nonRetryable=true root=java.sql.SQLException");
        assertThat(with.results().get("doNotRetry"))
                .isEqualTo("java.lang.IllegalArgumentException nonRetryable=false root=java.sql.SQLException");
        assertThat(without.results()).isEqualTo(with.results());
        for (String kind : with.recorded().keySet()) {
            Failure recorded = with.recorded().get(kind);
            assertThat(recorded.getSerializedSize()).as(kind + ": the failure in history fits Temporal's limit").isLessThanOrEqualTo(2048);
            for (Failure level = recorded; level != null; level = level.hasCause() ? level.getCause() : null) {
                assertThat(level.getStackTrace()).as(kind + ": no frames").isEmpty();
            }
            assertThat(without.recorded().get(kind).getSerializedSize()).as(kind + ": unchanged, over the limit").isGreaterThan(4096);
        }
    }

    /** Attempts per kind, what the workflow saw, and the failure recorded in each run's history (its last attempt's). */
    private record Run(Map<String, Integer> attempts, Map<String, String> results, Map<String, Failure> recorded) {}

    private static Run run(boolean compact) {
        WorkerFactoryOptions.Builder factory = WorkerFactoryOptions.newBuilder();
        if (compact) {
            factory.setWorkerInterceptors(new CompactActivityFailures(GlobalDataConverter.get()));
        }
        FailingImpl failing = new FailingImpl();
        Map<String, String> results = new java.util.TreeMap<>();
        Map<String, Failure> recorded = new java.util.TreeMap<>();
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(
                TestEnvironmentOptions.newBuilder().setWorkerFactoryOptions(factory.build()).build())) {
            var worker = env.newWorker(QUEUE);
            worker.registerWorkflowImplementationTypes(CallerImpl.class);
            worker.registerActivitiesImplementations(failing);
            env.start();
            for (String kind : List.of("retryable", "nonRetryable", "doNotRetry")) {
                Caller caller = env.getWorkflowClient().newWorkflowStub(Caller.class,
                        WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(kind + "-" + compact).build());
                results.put(kind, caller.call(kind));
                for (HistoryEvent event : env.getWorkflowClient().fetchHistory(kind + "-" + compact).getEvents()) {
                    if (event.hasActivityTaskFailedEventAttributes()) {
                        recorded.put(kind, event.getActivityTaskFailedEventAttributes().getFailure());
                    }
                }
            }
        }
        Map<String, Integer> attempts = new java.util.TreeMap<>();
        failing.attempts.forEach((k, v) -> attempts.put(k, v.get()));
        return new Run(attempts, results, recorded);
    }
}
