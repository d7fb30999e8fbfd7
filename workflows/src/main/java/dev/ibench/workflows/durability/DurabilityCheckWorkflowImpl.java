package dev.ibench.workflows.durability;

import dev.ibench.activities.durability.DurabilityCheckActivities;
import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;

public final class DurabilityCheckWorkflowImpl implements DurabilityCheckWorkflow {

    /**
     * A short heartbeat timeout and retry interval so that a killed worker is noticed and the
     * activity retried on another worker within seconds.
     */
    private final DurabilityCheckActivities activities = Workflow.newActivityStub(
            DurabilityCheckActivities.class,
            ActivityOptions.newBuilder()
                    .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                    .setStartToCloseTimeout(Duration.ofMinutes(5))
                    .setHeartbeatTimeout(Duration.ofSeconds(3))
                    .setRetryOptions(RetryOptions.newBuilder()
                            .setInitialInterval(Duration.ofMillis(500))
                            .setBackoffCoefficient(2.0)
                            .setMaximumInterval(Duration.ofSeconds(2))
                            .setMaximumAttempts(20)
                            .build())
                    .build());

    @Override
    public DurabilityCheckResult run(DurabilityCheckRequest request) {
        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.CAMPAIGN_ID.valueSet(request.campaignId()),
                IbenchSearchAttributes.STATE.valueSet("running"),
                IbenchSearchAttributes.PROGRESS.valueSet(0.0));
        Workflow.setCurrentDetails("Summing squares 1.." + request.steps() + " in one heartbeating activity");

        DurabilityCheckResult result = activities.sumOfSquares(request);

        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.STATE.valueSet("completed"),
                IbenchSearchAttributes.PROGRESS.valueSet(1.0));
        Workflow.setCurrentDetails("Done: value " + result.value() + " (finished on attempt " + result.attempt() + ")");
        return result;
    }
}
