package dev.ibench.workers.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TEST TOOL: an HTTP server on 127.0.0.1 that reads requests and never answers (a model still thinking, a tool server
 * hung on a query), and notes when a client closes its connection: how a test sees that an in-flight request was
 * aborted rather than waited out.
 */
public final class SilentHttpServer implements AutoCloseable {
    private final ServerSocket socket;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicInteger closedConnections = new AtomicInteger();

    public SilentHttpServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::serve, "silent-http-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    /** Requests whose headers were read. */
    public int requests() {
        return requests.get();
    }

    public int openConnections() {
        return openConnections.get();
    }

    public int closedConnections() {
        return closedConnections.get();
    }

    /** Waits until at least {@code count} requests came in; false when the time ran out. */
    public boolean awaitRequests(int count, Duration timeout) throws InterruptedException {
        return await(() -> requests.get() >= count, timeout);
    }

    /** Waits until every connection that came in is closed again (by the client); false when the time ran out. */
    public boolean awaitAllClosed(Duration timeout) throws InterruptedException {
        return await(() -> openConnections.get() == 0 && closedConnections.get() > 0, timeout);
    }

    private static boolean await(java.util.function.BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                openConnections.incrementAndGet();
                Thread reader = new Thread(() -> hold(client), "silent-http-connection");
                reader.setDaemon(true);
                reader.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Reads until the client closes: each blank line ending a header block counts one request (GET/POST heads). */
    private void hold(Socket client) {
        try (client; InputStream in = client.getInputStream()) {
            byte[] end = {'\r', '\n', '\r', '\n'};
            int matched = 0;
            int b;
            while ((b = in.read()) >= 0) {
                matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
                if (matched == end.length) {
                    requests.incrementAndGet();
                    matched = 0;
                }
            }
        } catch (IOException reset) {
            // a reset connection is closed too
        } finally {
            openConnections.decrementAndGet();
            closedConnections.incrementAndGet();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
