package dev.ibench.activities.durability;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * A slow, heartbeating computation used to prove that a run survives worker and server crashes:
 * it works for {@code steps * stepMillis} and resumes from its last heartbeat when retried.
 */
@ActivityInterface
public interface DurabilityCheckActivities {

    @ActivityMethod
    DurabilityCheckResult sumOfSquares(DurabilityCheckRequest request);
}
