package dev.ibench.workers.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's error pages for the MCP HTTP server: a JSON-RPC error naming the HTTP status, never Tomcat's HTML page, its
 * version or an exception's stack trace.
 */
public final class JsonErrorReportValve extends ErrorReportValve {
    public JsonErrorReportValve() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
        String body = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" + McpHttpGuard.REFUSED + ",\"message\":\"HTTP " + status + "\"}}";
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client went away
        }
    }
}
