package dev.ibench.workers.server;

import java.util.Optional;

/** A Temporal server this process started: the real dev server or the in-process Java test server. */
public interface RunningServer extends AutoCloseable {

    /** gRPC frontend address, {@code host:port}. */
    String address();

    /** Web UI base URL, empty when the server has none. */
    Optional<String> uiUrl();

    /** Whether workflow state survives a restart of the server. */
    boolean persistent();

    /** Operating-system process id of a server running as its own process. */
    Optional<Long> pid();

    /** Blocks until the server stops (or this thread is interrupted). */
    void join() throws InterruptedException;

    /** Stops the server. */
    @Override
    void close();
}
