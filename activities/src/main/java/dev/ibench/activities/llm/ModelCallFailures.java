package dev.ibench.activities.llm;

import io.temporal.failure.ApplicationFailure;

/**
 * Maps a classified {@link ModelCallException} to the Temporal failure an activity should throw:
 * non-retryable kinds become non-retryable {@link ApplicationFailure}s; retryable ones keep Temporal's
 * retry policy, with the server's {@code Retry-After} as the next-retry delay when there is one.
 * The failure type is {@code "ModelCall." + kind} (e.g. {@code ModelCall.RATE_LIMITED}), usable in
 * {@code RetryOptions.setDoNotRetry}. Messages are already free of credentials.
 */
public final class ModelCallFailures {
    public static final String TYPE_PREFIX = "ModelCall.";

    private ModelCallFailures() {}

    public static ApplicationFailure toApplicationFailure(ModelCallException e) {
        String type = TYPE_PREFIX + e.kind().name();
        if (!e.retryable()) {
            return ApplicationFailure.newNonRetryableFailure(e.getMessage(), type);
        }
        if (e.retryAfter().isPresent()) {
            return ApplicationFailure.newFailureWithCauseAndDelay(e.getMessage(), type, null, e.retryAfter().get());
        }
        return ApplicationFailure.newFailure(e.getMessage(), type);
    }
}
