package dev.ibench.activities.llm;

/** Why a model call failed, and whether trying again can help. */
public enum ErrorKind {
    TIMEOUT(true),
    CONNECTION(true),
    RATE_LIMITED(true),
    SERVER_ERROR(true),
    MALFORMED_RESPONSE(true),
    BAD_REQUEST(false),
    UNAUTHORIZED(false),
    FORBIDDEN(false),
    NOT_FOUND(false),
    CONTEXT_LENGTH(false),
    CONFIGURATION(false),
    UNSUPPORTED(false);

    private final boolean retryable;

    ErrorKind(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
