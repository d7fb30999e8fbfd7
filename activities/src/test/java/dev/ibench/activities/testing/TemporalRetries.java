package dev.ibench.activities.testing;

import dev.ibench.core.json.Json;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.RetryOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * TEST TOOL: runs one activity as a workflow would, retried by Temporal (Temporal's test server), so the activity sees
 * attempts 1, 2, 3... ({@code TestActivityEnvironment} runs a single attempt). Register the activity implementations,
 * then {@link #run} an activity type with its arguments.
 */
public final class TemporalRetries implements AutoCloseable {
    private static final String QUEUE = "retried";

    @WorkflowInterface
    public interface RetryingWorkflow {
        @WorkflowMethod
        Object run(String activityType, int maxAttempts, List<Object> args);
    }

    public static final class RetryingWorkflowImpl implements RetryingWorkflow {
        @Override
        public Object run(String activityType, int maxAttempts, List<Object> args) {
            return Workflow.newUntypedActivityStub(ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(30))
                            .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(maxAttempts).setInitialInterval(Duration.ofMillis(10))
                                    .setBackoffCoefficient(1.0).build()).build())
                    .execute(activityType, Object.class, args.toArray());
        }
    }

    private final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();

    public TemporalRetries(Object... activityImplementations) {
        Worker worker = env.newWorker(QUEUE);
        worker.registerWorkflowImplementationTypes(RetryingWorkflowImpl.class);
        worker.registerActivitiesImplementations(activityImplementations);
        env.start();
    }

    /** Runs activity {@code activityType} with {@code args}, up to {@code maxAttempts} attempts; throws when the last one failed. */
    public void run(String activityType, int maxAttempts, Object... args) {
        run(Object.class, activityType, maxAttempts, args);
    }

    /** {@link #run(String, int, Object...)} returning the activity's result as {@code type}. */
    public <T> T run(Class<T> type, String activityType, int maxAttempts, Object... args) {
        return Json.MAPPER.convertValue(env.getWorkflowClient().newWorkflowStub(RetryingWorkflow.class, WorkflowOptions.newBuilder().setTaskQueue(QUEUE).build())
                .run(activityType, maxAttempts, Arrays.asList(args)), type);
    }

    @Override
    public void close() {
        env.close();
    }
}
