package dev.ibench.workers.mcp;

import dev.ibench.workers.access.JsonErrorPages;

/** The MCP HTTP server's error pages: a JSON-RPC error naming the HTTP status. */
public final class JsonErrorReportValve extends JsonErrorPages {
    @Override
    protected String body(int status) {
        return "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" + McpHttpGuard.REFUSED + ",\"message\":\"HTTP " + status + "\"}}";
    }
}
