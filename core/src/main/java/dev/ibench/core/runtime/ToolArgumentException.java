package dev.ibench.core.runtime;

/** A tool call the runtime cannot execute (unknown tool or key, wrong type, missing label...); becomes an error observation. */
public final class ToolArgumentException extends Exception {
    public ToolArgumentException(String message) {
        super(message);
    }
}
