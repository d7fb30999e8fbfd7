package dev.ibench.workers.build;

/** A build request that cannot run as given (an unknown style, source or database, an --out that is a file); exit 2. */
public final class BuildInputException extends RuntimeException {
    public BuildInputException(String message) {
        super(message);
    }
}
