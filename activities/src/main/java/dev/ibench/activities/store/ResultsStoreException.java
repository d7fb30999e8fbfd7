package dev.ibench.activities.store;

/** A results-store operation failed; the message names the store file and the operation. */
public final class ResultsStoreException extends RuntimeException {
    public ResultsStoreException(String message) {
        super(message);
    }

    public ResultsStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
