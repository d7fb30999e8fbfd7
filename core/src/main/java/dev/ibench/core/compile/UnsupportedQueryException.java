package dev.ibench.core.compile;

/** The query uses a construct the compiler cannot express with the mode's tools; {@code reason} is a coverage key. */
public final class UnsupportedQueryException extends Exception {
    private final String reason;

    public UnsupportedQueryException(String reason, String detail) {
        super(reason + ": " + detail);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
