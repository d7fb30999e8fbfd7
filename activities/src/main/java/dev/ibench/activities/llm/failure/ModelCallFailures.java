package dev.ibench.activities.llm.failure;

import io.temporal.failure.ApplicationFailure;
import java.util.Set;

/**
 * Maps a classified {@link ModelCallException} to the Temporal failure an activity should throw:
 * non-retryable kinds become non-retryable {@link ApplicationFailure}s; retryable ones keep Temporal's
 * retry policy, with the server's {@code Retry-After} as the next-retry delay when there is one.
 * The failure type is {@code "ModelCall." + kind} (e.g. {@code ModelCall.RATE_LIMITED}), usable in
 * {@code RetryOptions.setDoNotRetry}. Messages are already free of credentials.
 */
public final class ModelCallFailures {
    public static final String TYPE_PREFIX = "ModelCall.";
    /**
     * The endpoint refuses every request (bad key, exhausted quota, unknown model, broken configuration, a request
     * parameter the server does not take): the run stops.
     */
    public static final String ENDPOINT_REJECTED = "ModelEndpointRejected";
    /** The endpoint refuses this request (too long, malformed for it): only its item ends. */
    public static final String SAMPLE_REJECTED = "ModelSampleRejected";

    private static final Set<ErrorKind> ENDPOINT_REJECTIONS =
            Set.of(ErrorKind.UNAUTHORIZED, ErrorKind.QUOTA_EXCEEDED, ErrorKind.FORBIDDEN, ErrorKind.NOT_FOUND, ErrorKind.CONFIGURATION,
                    ErrorKind.UNSUPPORTED_PARAMETER);
    private static final Set<ErrorKind> SAMPLE_REJECTIONS =
            Set.of(ErrorKind.BAD_REQUEST, ErrorKind.CONTEXT_LENGTH, ErrorKind.UNSUPPORTED, ErrorKind.RESPONSE_TOO_LARGE);

    private ModelCallFailures() {}

    public static boolean endpointRejection(ErrorKind kind) {
        return ENDPOINT_REJECTIONS.contains(kind);
    }

    /** Retrying the same request cannot help. */
    public static boolean sampleRejection(ErrorKind kind) {
        return SAMPLE_REJECTIONS.contains(kind);
    }

    /**
     * What an activity throws for a failed model call: a non-retryable {@link #ENDPOINT_REJECTED} or
     * {@link #SAMPLE_REJECTED}, else {@link #toApplicationFailure} (retried by Temporal).
     */
    public static ApplicationFailure forActivity(ModelCallException e) {
        if (endpointRejection(e.kind())) return endpointRejected(e.getMessage());
        if (sampleRejection(e.kind())) return ApplicationFailure.newNonRetryableFailure(e.getMessage(), SAMPLE_REJECTED);
        return toApplicationFailure(e);
    }

    public static ApplicationFailure endpointRejected(String message) {
        return ApplicationFailure.newNonRetryableFailure(message, ENDPOINT_REJECTED);
    }

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
