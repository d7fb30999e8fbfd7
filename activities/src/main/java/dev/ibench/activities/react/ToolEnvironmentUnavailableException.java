package dev.ibench.activities.react;

/**
 * A {@link ReactToolEnvironment} could not run a step at all: the sample's database is missing (not retryable) or the
 * tool server cannot be reached (retryable). Either way an infrastructure problem, never the agent's failure.
 */
public final class ToolEnvironmentUnavailableException extends Exception {
    private final boolean retryable;

    public ToolEnvironmentUnavailableException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    /** True when the same step may succeed later (a server restarting, a dropped connection). */
    public boolean retryable() {
        return retryable;
    }
}
