package dev.ibench.core.rest;

/** An argument that an endpoint does not accept; the message names the parameter and the problem. */
public final class InvalidArgumentException extends Exception {
    private final String parameter;

    public InvalidArgumentException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
