package dev.ibench.testing.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TEST TOOL, not part of ibench: a TCP proxy on 127.0.0.1 in front of one upstream port (a Temporal server, a
 * PostgreSQL server), whose link the test can cut, to put a process "behind a network partition" without a network
 * namespace. While healed it accepts connections and forwards bytes both ways. {@link #cut()} closes every
 * connection it carries (both sides) and then blackholes new ones: they are accepted but nothing is read or forwarded
 * (a client sees its connect succeed and then silence, as across a dead link, and waits for its own timeouts).
 * {@link #heal()} closes the blackholed connections (their clients reconnect) and forwards new ones again.
 */
public final class CuttableTcpProxy implements AutoCloseable {
    private final InetSocketAddress upstream;
    private final LoopbackAcceptor listener;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "cuttable-tcp-proxy");
        t.setDaemon(true);
        return t;
    });
    /** Every socket this proxy holds open (client and upstream sides of forwarded connections, blackholed clients). */
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Set<Socket> blackholed = ConcurrentHashMap.newKeySet();
    private final AtomicInteger forwarded = new AtomicInteger();
    private final AtomicInteger held = new AtomicInteger();
    private volatile boolean cut;
    private volatile boolean closed;

    private CuttableTcpProxy(InetSocketAddress upstream) {
        this.upstream = upstream;
        try {
            listener = LoopbackAcceptor.open(200);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the proxy's port on 127.0.0.1", e);
        }
        listener.start(threads, this::accepted);
    }

    /** A proxy (healed) to {@code 127.0.0.1:upstreamPort}. */
    public static CuttableTcpProxy to(int upstreamPort) {
        return new CuttableTcpProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
    }

    /** The port clients connect to instead of the upstream's. */
    public int port() {
        return listener.port();
    }

    /** {@code 127.0.0.1:port}, e.g. a Temporal address for {@code --address}. */
    public String address() {
        return "127.0.0.1:" + port();
    }

    /** Closes every forwarded connection and blackholes new ones until {@link #heal()}. */
    public synchronized void cut() {
        cut = true;
        for (Socket s : open) {
            if (!blackholed.contains(s)) {
                closeQuietly(s);
            }
        }
    }

    /** Forwards new connections again; the connections blackholed while cut are closed, so their clients reconnect. */
    public synchronized void heal() {
        cut = false;
        for (Socket s : blackholed) {
            closeQuietly(s);
        }
        blackholed.clear();
    }

    public boolean isCut() {
        return cut;
    }

    /** Connections forwarded to the upstream so far. */
    public int forwardedConnections() {
        return forwarded.get();
    }

    /** Connections accepted while cut and held silent. */
    public int blackholedConnections() {
        return held.get();
    }

    private void accepted(Socket client) {
        synchronized (this) {
            open.add(client);
            if (cut) {
                held.incrementAndGet();
                blackholed.add(client); // accepted, never read: the client's bytes stay in the kernel's buffers
                return;
            }
        }
        threads.execute(() -> connect(client));
    }

    private void connect(Socket client) {
        Socket server = new Socket();
        try {
            server.connect(upstream, 5_000);
            server.setTcpNoDelay(true);
            client.setTcpNoDelay(true);
        } catch (IOException e) {
            closeQuietly(server);
            closeQuietly(client);
            return;
        }
        synchronized (this) {
            if (cut || closed) { // cut while connecting: this connection is carried no further
                closeQuietly(server);
                closeQuietly(client);
                return;
            }
            open.add(server);
        }
        forwarded.incrementAndGet();
        threads.execute(() -> pump(client, server));
        threads.execute(() -> pump(server, client));
    }

    /** Copies {@code from} to {@code to} until either side ends; then closes both. */
    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (SocketException closedByCutOrPeer) {
            // cut(), heal() or the peer ended the connection
        } catch (IOException e) {
            // the same: the connection is over
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void closeQuietly(Socket s) {
        open.remove(s);
        try {
            s.setSoLinger(true, 0); // a reset, as a link that went away mid-connection leaves the client
        } catch (IOException ignored) {
            // already closed
        }
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        listener.close();
        for (Socket s : open) {
            closeQuietly(s);
        }
        threads.shutdownNow();
    }
}
