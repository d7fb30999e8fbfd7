package dev.ibench.activities.mcp;

import dev.ibench.activities.react.TrajectoryId;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.sample.ToolCall;
import io.modelcontextprotocol.client.McpSyncClient;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * MCP connections to one server, reused across tool steps: a stdio server is a process started once, not per step. A
 * connection is used by one step at a time; one that failed is dropped. At most {@link #MAX_IN_USE} are in use at once.
 *
 * <p>Each connection's MCP session holds one sample, and the pool remembers whose: the trajectory it last served and
 * the actions that session ran since the sample started ({@link Connection}). A step of that trajectory whose earlier
 * actions are exactly those gets that connection back and runs only its new action; any other step gets another
 * connection (an idle one whose trajectory is the least recently used, or a new one while the pool holds fewer than
 * its limit: {@link #MAX_STDIO_CONNECTIONS} for stdio, whose every connection is a server process, else
 * {@link #MAX_HTTP_CONNECTIONS}) and starts its sample again.
 */
final class McpClientPool implements AutoCloseable {
    static final int MAX_IN_USE = 4;
    static final int MAX_STDIO_CONNECTIONS = 4;
    static final int MAX_HTTP_CONNECTIONS = 64;
    private static final long BORROW_WAIT_SECONDS = 60;

    /** A connection and the trajectory its session holds (null: none known), with the actions it ran since its sample started. */
    static final class Connection {
        final McpSyncClient client;
        private TrajectoryId trajectory;
        private final List<ToolCall> ran = new ArrayList<>();

        Connection(McpSyncClient client) {
            this.client = client;
        }

        /** Whether this session holds {@code trajectory} having run exactly {@code earlier}. */
        boolean holds(TrajectoryId trajectory, List<ToolCall> earlier) {
            return trajectory != null && trajectory.equals(this.trajectory) && ran.equals(earlier);
        }

        /** The session's sample was (re)started for {@code trajectory} (null: a step without one), no action run yet. */
        void started(TrajectoryId trajectory) {
            this.trajectory = trajectory;
            ran.clear();
        }

        void ran(ToolCall call) {
            ran.add(call);
        }
    }

    private final McpServerEntry server;
    private final int maxConnections;
    /** Idle connections, most recently used first. */
    private final LinkedList<Connection> idle = new LinkedList<>();
    private final Semaphore inUse = new Semaphore(MAX_IN_USE);
    private int open;

    McpClientPool(McpServerEntry server) {
        this.server = server;
        this.maxConnections = server.url() != null ? MAX_HTTP_CONNECTIONS : MAX_STDIO_CONNECTIONS;
    }

    /** A connection for a step of {@code trajectory} after {@code earlier}: the one whose session holds it when idle, else another. */
    Connection borrow(TrajectoryId trajectory, List<ToolCall> earlier) {
        try {
            if (!inUse.tryAcquire(BORROW_WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("all " + MAX_IN_USE + " MCP connections busy for " + BORROW_WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for an MCP connection", e);
        }
        try {
            synchronized (this) {
                for (Iterator<Connection> it = idle.iterator(); it.hasNext(); ) {
                    Connection c = it.next();
                    if (c.holds(trajectory, earlier)) {
                        it.remove();
                        return c;
                    }
                }
                if (open >= maxConnections && !idle.isEmpty()) {
                    return idle.removeLast(); // its trajectory's next step starts its sample again
                }
                open++;
            }
            try {
                return new Connection(McpClients.connect(server));
            } catch (RuntimeException e) {
                synchronized (this) {
                    open--;
                }
                throw e;
            }
        } catch (RuntimeException e) {
            inUse.release();
            throw e;
        }
    }

    void release(Connection connection) {
        synchronized (this) {
            idle.addFirst(connection);
        }
        inUse.release();
    }

    void discard(Connection connection) {
        try {
            connection.client.closeGracefully();
        } catch (RuntimeException ignored) {
            // already broken: nothing more to release
        } finally {
            synchronized (this) {
                open--;
            }
            inUse.release();
        }
    }

    @Override
    public void close() {
        List<Connection> all;
        synchronized (this) {
            all = new ArrayList<>(idle);
            idle.clear();
            open -= all.size();
        }
        for (Connection c : all) {
            try {
                c.client.closeGracefully();
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }
    }
}
