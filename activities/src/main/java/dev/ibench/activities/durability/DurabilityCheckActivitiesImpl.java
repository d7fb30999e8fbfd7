package dev.ibench.activities.durability;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.failure.ApplicationFailure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sums squares one slow step at a time, heartbeating a checkpoint after every step. */
public final class DurabilityCheckActivitiesImpl implements DurabilityCheckActivities {

    private static final Logger LOG = LoggerFactory.getLogger(DurabilityCheckActivitiesImpl.class);

    @Override
    public DurabilityCheckResult sumOfSquares(DurabilityCheckRequest request) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        int attempt = context.getInfo().getAttempt();
        DurabilityCheckpoint checkpoint =
                context.getHeartbeatDetails(DurabilityCheckpoint.class).orElse(DurabilityCheckpoint.START);
        int resumedFrom = checkpoint.step();
        LOG.info("durability check {}: attempt {} starting at step {}/{}",
                request.campaignId(), attempt, resumedFrom, request.steps());

        for (int step = resumedFrom + 1; step <= request.steps(); step++) {
            sleep(request.stepMillis());
            checkpoint = new DurabilityCheckpoint(step, checkpoint.partialSum() + (long) step * step);
            context.heartbeat(checkpoint);
        }
        return new DurabilityCheckResult(checkpoint.partialSum(), attempt, resumedFrom);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApplicationFailure.newFailure("durability check interrupted", "Interrupted");
        }
    }
}
