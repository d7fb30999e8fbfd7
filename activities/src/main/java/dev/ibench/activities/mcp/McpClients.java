package dev.ibench.activities.mcp;

import dev.ibench.core.campaign.McpServerEntry;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.time.Duration;

/** Opens an initialized MCP client (the official Java SDK) to a server given by command (stdio) or URL (streamable HTTP). */
final class McpClients {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private McpClients() {}

    static McpSyncClient connect(McpServerEntry server) {
        McpSyncClient client = McpClient.sync(transport(server))
                .requestTimeout(REQUEST_TIMEOUT)
                .initializationTimeout(START_TIMEOUT)
                .build();
        try {
            client.initialize();
            return client;
        } catch (RuntimeException e) {
            client.closeGracefully();
            throw e;
        }
    }

    private static McpClientTransport transport(McpServerEntry server) {
        if (server.url() != null) {
            URI uri = URI.create(server.url());
            String base = uri.getScheme() + "://" + uri.getRawAuthority();
            String endpoint = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            return HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint).connectTimeout(Duration.ofSeconds(10)).build();
        }
        ServerParameters parameters = ServerParameters.builder(server.command().get(0))
                .args(server.command().subList(1, server.command().size()))
                .build();
        return new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
    }
}
