package dev.ibench.testing.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * TEST TOOL: a listening socket on an ephemeral 127.0.0.1 port and the loop that accepts its connections, for the test
 * servers ({@link CuttableTcpProxy}, the benches' HTTP server). A failed accept is skipped; {@link #close} ends the loop.
 */
public final class LoopbackAcceptor implements AutoCloseable {
    private final ServerSocket listener;
    private volatile boolean closed;

    private LoopbackAcceptor(ServerSocket listener) {
        this.listener = listener;
    }

    /** Listens on 127.0.0.1 with room for {@code backlog} connections not yet accepted; {@link #start} accepts them. */
    public static LoopbackAcceptor open(int backlog) throws IOException {
        return new LoopbackAcceptor(new ServerSocket(0, backlog, InetAddress.getLoopbackAddress()));
    }

    /** Runs the accept loop on {@code runner}: each accepted connection goes to {@code accepted}, on the loop's thread. */
    public void start(Executor runner, Consumer<Socket> accepted) {
        runner.execute(() -> {
            while (!closed) {
                Socket socket;
                try {
                    socket = listener.accept();
                } catch (IOException e) {
                    if (closed) {
                        return;
                    }
                    continue;
                }
                accepted.accept(socket);
            }
        });
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Stops accepting; connections already accepted are their owner's to close. */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
