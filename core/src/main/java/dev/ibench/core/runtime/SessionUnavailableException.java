package dev.ibench.core.runtime;

/** A session could not be opened for infrastructure reasons (database missing, join failed): never a model failure. */
public final class SessionUnavailableException extends Exception {
    public SessionUnavailableException(String message) {
        super(message);
    }
}
