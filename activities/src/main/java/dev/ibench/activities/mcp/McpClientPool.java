package dev.ibench.activities.mcp;

import dev.ibench.core.campaign.McpServerEntry;
import io.modelcontextprotocol.client.McpSyncClient;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Idle MCP connections to one server, reused across tool steps: a stdio server is a process started once, not per
 * step. A connection is used by one step at a time (one MCP session holds one sample); one that failed is dropped.
 * At most {@link #MAX_CONNECTIONS} per server (a stdio connection is a server process of its own).
 */
final class McpClientPool implements AutoCloseable {
    static final int MAX_CONNECTIONS = 4;
    private static final long BORROW_WAIT_SECONDS = 60;

    private final McpServerEntry server;
    private final ConcurrentLinkedDeque<McpSyncClient> idle = new ConcurrentLinkedDeque<>();
    private final Semaphore inUse = new Semaphore(MAX_CONNECTIONS);

    McpClientPool(McpServerEntry server) {
        this.server = server;
    }

    McpSyncClient borrow() {
        try {
            if (!inUse.tryAcquire(BORROW_WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("all " + MAX_CONNECTIONS + " MCP connections busy for " + BORROW_WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for an MCP connection", e);
        }
        try {
            McpSyncClient client = idle.pollFirst();
            return client != null ? client : McpClients.connect(server);
        } catch (RuntimeException e) {
            inUse.release();
            throw e;
        }
    }

    void release(McpSyncClient client) {
        idle.offerFirst(client);
        inUse.release();
    }

    void discard(McpSyncClient client) {
        try {
            client.closeGracefully();
        } catch (RuntimeException ignored) {
            // already broken: nothing more to release
        } finally {
            inUse.release();
        }
    }

    @Override
    public void close() {
        McpSyncClient c;
        while ((c = idle.pollFirst()) != null) {
            try {
                c.closeGracefully();
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }
    }
}
