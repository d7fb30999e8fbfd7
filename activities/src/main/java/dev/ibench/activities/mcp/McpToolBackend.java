package dev.ibench.activities.mcp;

import dev.ibench.activities.toolbackend.ReactToolBackend;
import dev.ibench.activities.toolbackend.ReactToolSession;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.NativeToolName;
import dev.ibench.core.sample.ToolCall;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * ReACT tools through an MCP server: {@link #open} takes a connection, starts the sample in its session with
 * {@code start_sample} (when the server offers it, as {@code ibench serve-tools --mcp} does), and each call is a
 * {@code tools/call} whose result label travels in {@code _meta}. A tool error ({@code isError}) is the observation
 * of a bad call, exactly as in process. A sample the server refuses is {@link SessionUnavailableException}; an
 * unreachable server or a broken connection throws (the activity retries), so neither is ever a model error.
 */
public final class McpToolBackend implements ReactToolBackend, AutoCloseable {
    /** JSON-RPC "invalid params": what MCP servers answer for a tool name they do not have. */
    private static final int INVALID_PARAMS = -32602;

    private final McpServerEntry server;
    private final McpClientPool pool;
    private volatile Boolean startsSamples;

    public McpToolBackend(McpServerEntry server) {
        this.server = server;
        this.pool = new McpClientPool(server);
    }

    @Override
    public ReactToolSession open(EvalSample sample) throws SessionUnavailableException {
        McpSyncClient client;
        try {
            client = pool.borrow();
        } catch (RuntimeException e) { // unreachable or busy: retried by the activity's retry policy
            throw new IllegalStateException("MCP server " + describe() + " unreachable: " + e.getMessage(), e);
        }
        try {
            if (startsSamples(client)) {
                McpSchema.CallToolResult started = client.callTool(new McpSchema.CallToolRequest(
                        IbenchMcpProtocol.START_SAMPLE, Map.of(IbenchMcpProtocol.SAMPLE_ID, sample.sampleId())));
                if (Boolean.TRUE.equals(started.isError())) {
                    pool.release(client);
                    throw new SessionUnavailableException("MCP server " + describe() + " cannot start sample "
                            + sample.sampleId() + ": " + text(started));
                }
            }
        } catch (RuntimeException e) {
            pool.discard(client);
            throw new IllegalStateException("MCP server " + describe() + " failed starting sample " + sample.sampleId() + ": " + e.getMessage(), e);
        }
        return new Session(client);
    }

    private boolean startsSamples(McpSyncClient client) {
        Boolean known = startsSamples;
        if (known == null) {
            known = client.listTools().tools().stream().anyMatch(t -> t.name().equals(IbenchMcpProtocol.START_SAMPLE));
            startsSamples = known;
        }
        return known;
    }

    private String describe() {
        return server.url() != null ? server.url() : String.join(" ", server.command());
    }

    private static String text(McpSchema.CallToolResult result) {
        return result.content() == null ? "" : result.content().stream()
                .filter(c -> c instanceof McpSchema.TextContent)
                .map(c -> ((McpSchema.TextContent) c).text())
                .collect(Collectors.joining("\n"));
    }

    @Override
    public void close() {
        pool.close();
    }

    private final class Session implements ReactToolSession {
        private final McpSyncClient client;
        private boolean broken;

        Session(McpSyncClient client) {
            this.client = client;
        }

        @Override
        public StepObservation call(ToolCall call) {
            Map<String, Object> meta = new HashMap<>();
            if (call.label() != null && !call.label().isBlank()) meta.put(IbenchMcpProtocol.LABEL_META, call.label());
            try {
                McpSchema.CallToolResult result = client.callTool(
                        new McpSchema.CallToolRequest(NativeToolName.of(call.name()), call.arguments(), meta));
                return new StepObservation(!Boolean.TRUE.equals(result.isError()), text(result));
            } catch (McpError e) {
                if (e.getJsonRpcError() != null && e.getJsonRpcError().code() == INVALID_PARAMS
                        && String.valueOf(e.getMessage()).toLowerCase().contains("unknown tool")) {
                    return new StepObservation(false, "Error: unknown tool '" + call.name() + "'");
                }
                broken = true;
                throw new IllegalStateException("MCP server " + describe() + " failed on " + call.name() + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                broken = true;
                throw new IllegalStateException("MCP server " + describe() + " failed on " + call.name() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            if (broken) pool.discard(client);
            else pool.release(client);
        }
    }
}
