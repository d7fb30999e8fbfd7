package dev.ibench.workers.access;

import java.util.Map;

/** The guard's answer to one request: admitted (release when done) or refused with an HTTP status and a message. */
public sealed interface Admission {
    record Admitted(Runnable release) implements Admission {}

    record Refused(int status, String message, Map<String, String> headers) implements Admission {}
}
