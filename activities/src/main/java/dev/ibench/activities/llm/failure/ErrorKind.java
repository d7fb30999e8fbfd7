package dev.ibench.activities.llm.failure;

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
    UNSUPPORTED(false),
    /** 400/422 naming a request parameter the server does not take: the profile's request settings are wrong for it. */
    UNSUPPORTED_PARAMETER(false),
    /** 402: quota or billing exhausted; the endpoint refuses every request until someone acts. */
    QUOTA_EXCEEDED(false),
    /** The response body is larger than the client reads; the same request would produce it again. */
    RESPONSE_TOO_LARGE(false),
    /** The activity was cancelled and its in-flight request aborted; nothing is retried. */
    CANCELLED(false),
    /** The campaign's (or model's) budget is reached: the request was never sent (docs/ledger.md). */
    BUDGET_EXHAUSTED(false);

    private final boolean retryable;

    ErrorKind(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
