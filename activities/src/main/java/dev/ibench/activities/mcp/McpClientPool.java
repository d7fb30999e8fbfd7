package dev.ibench.activities.mcp;

import dev.ibench.core.campaign.McpServerEntry;
import io.modelcontextprotocol.client.McpSyncClient;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Idle MCP connections to one server, reused across tool steps: a stdio server is a process started once, not per
 * step. A connection is used by one step at a time (one MCP session holds one sample); one that failed is dropped.
 */
final class McpClientPool implements AutoCloseable {
    private final McpServerEntry server;
    private final ConcurrentLinkedDeque<McpSyncClient> idle = new ConcurrentLinkedDeque<>();

    McpClientPool(McpServerEntry server) {
        this.server = server;
    }

    McpSyncClient borrow() {
        McpSyncClient client = idle.pollFirst();
        return client != null ? client : McpClients.connect(server);
    }

    void release(McpSyncClient client) {
        idle.offerFirst(client);
    }

    void discard(McpSyncClient client) {
        try {
            client.closeGracefully();
        } catch (RuntimeException ignored) {
            // already broken: nothing more to release
        }
    }

    @Override
    public void close() {
        McpSyncClient c;
        while ((c = idle.pollFirst()) != null) discard(c);
    }
}
