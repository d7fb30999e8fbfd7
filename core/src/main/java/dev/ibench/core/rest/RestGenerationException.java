package dev.ibench.core.rest;

/** A question for which no endpoint could be generated; {@code reason} is the coverage.json reason key. */
public final class RestGenerationException extends Exception {
    private final String reason;

    public RestGenerationException(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
