package dev.ibench.activities.llm.failure;

import java.time.Duration;
import java.util.Optional;

/**
 * A classified failure of a model call. The message names the endpoint and the cause and never contains
 * credentials. The Temporal activity layer maps {@link #retryable()} false to a non-retryable
 * {@code ApplicationFailure} (type {@link #kind()}), and {@link #retryAfter()} to the next-retry delay.
 */
public final class ModelCallException extends RuntimeException {
    private final ErrorKind kind;
    private final String endpoint;
    private final Integer httpStatus;
    private final Duration retryAfter;

    public ModelCallException(ErrorKind kind, String endpoint, Integer httpStatus, Duration retryAfter, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.endpoint = endpoint;
        this.httpStatus = httpStatus;
        this.retryAfter = retryAfter;
    }

    public static ModelCallException of(ErrorKind kind, String endpoint, String cause) {
        return new ModelCallException(kind, endpoint, null, null, describe(kind, endpoint, cause), null);
    }

    static String describe(ErrorKind kind, String endpoint, String cause) {
        return "model call to " + endpoint + " failed (" + kind + (kind.retryable() ? ", retryable" : ", not retryable") + "): " + cause;
    }

    public ErrorKind kind() {
        return kind;
    }

    public boolean retryable() {
        return kind.retryable();
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    public Optional<Integer> httpStatus() {
        return Optional.ofNullable(httpStatus);
    }

    public String endpoint() {
        return endpoint;
    }
}
