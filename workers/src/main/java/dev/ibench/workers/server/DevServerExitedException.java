package dev.ibench.workers.server;

/** The dev server process exited before it answered: a failed start, which a caller may try again (e.g. on other ports). */
public final class DevServerExitedException extends IllegalStateException {
    public DevServerExitedException(String message) {
        super(message);
    }
}
