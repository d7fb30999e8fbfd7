package dev.ibench.activities.mcp;

import dev.ibench.activities.react.HttpRestToolEnvironment;
import dev.ibench.activities.react.ReactToolEnvironment;
import dev.ibench.activities.react.ToolEnvironmentUnavailableException;
import dev.ibench.activities.react.TrajectoryId;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.react.ReactFormat;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.NativeToolName;
import dev.ibench.core.sample.ToolCall;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * ReACT actions on an MCP server ({@code tools_via: mcp}). Each step takes a pooled connection; the trajectory's own
 * connection, when the pool still holds its session with exactly the trajectory's earlier actions run, runs only the
 * new action (each action reaches the server once). Otherwise the step starts the sample in the connection's session
 * with {@code start_sample} (when the server offers it, as {@code ibench serve-tools --mcp} does), replays the
 * trajectory's earlier actions and runs the new one: after a worker restart, on another worker, or when the pool
 * gave the connection to another trajectory. Each call's label travels in {@code _meta}. A tool error
 * ({@code isError}) is the agent's observation exactly as in process; a name the server does not list gets the
 * in-process text {@code Error: unknown tool 'x'}. A sample the server refuses is not retryable; an unreachable server
 * or a broken connection is retryable infrastructure. Neither is ever the agent's failure.
 */
public final class McpToolEnvironment implements ReactToolEnvironment, AutoCloseable {
    /** JSON-RPC "invalid params": what MCP servers answer for a tool name they do not have. */
    private static final int INVALID_PARAMS = -32602;

    private final McpServerEntry server;
    private final McpClientPool pool;
    private volatile Boolean startsSamples;

    public McpToolEnvironment(McpServerEntry server) {
        this.server = server;
        this.pool = new McpClientPool(server);
    }

    @Override
    public ReactOpening open(EvalSample sample) throws ToolEnvironmentUnavailableException {
        return open(null, sample);
    }

    @Override
    public ReactOpening open(TrajectoryId trajectory, EvalSample sample) throws ToolEnvironmentUnavailableException {
        inSession(trajectory, sample, List.of(), null);
        if (sample.initializationStep() == null) {
            return new ReactOpening(HttpRestToolEnvironment.OPENING_STEP, ""); // REST: nothing runs before the first action
        }
        return new ReactOpening(sample.initializationStep(), ReactFormat.initialObservation(sample));
    }

    @Override
    public ActionObservation act(EvalSample sample, List<ToolCall> earlier, ToolCall call) throws ToolEnvironmentUnavailableException {
        return act(null, sample, earlier, call);
    }

    @Override
    public ActionObservation act(TrajectoryId trajectory, EvalSample sample, List<ToolCall> earlier, ToolCall call)
            throws ToolEnvironmentUnavailableException {
        return inSession(trajectory, sample, earlier, call);
    }

    /**
     * Runs {@code call} (null: none, step 0) in a session that has run exactly {@code earlier} of the sample: the
     * trajectory's kept session when the pool still holds it, else a session whose sample is started again and
     * {@code earlier} replayed (rebinding the earlier results to their labels).
     */
    private ActionObservation inSession(TrajectoryId trajectory, EvalSample sample, List<ToolCall> earlier, ToolCall call)
            throws ToolEnvironmentUnavailableException {
        McpClientPool.Connection connection;
        try {
            connection = pool.borrow(trajectory, earlier);
        } catch (RuntimeException e) {
            throw new ToolEnvironmentUnavailableException("MCP server " + describe() + " unreachable: " + e.getMessage(), true, e);
        }
        McpSyncClient client = connection.client;
        boolean healthy = false;
        try {
            if (!connection.holds(trajectory, earlier)) {
                connection.started(null); // until the sample is started again, this session holds no known trajectory
                if (startsSamples(client)) {
                    McpSchema.CallToolResult started = client.callTool(new McpSchema.CallToolRequest(
                            IbenchMcpProtocol.START_SAMPLE, Map.of(IbenchMcpProtocol.SAMPLE_ID, sample.sampleId())));
                    if (Boolean.TRUE.equals(started.isError())) {
                        healthy = true;
                        throw new ToolEnvironmentUnavailableException("MCP server " + describe() + " cannot start sample "
                                + sample.sampleId() + ": " + text(started), false, null);
                    }
                }
                connection.started(trajectory);
                for (ToolCall previous : earlier) {
                    call(client, previous);
                    connection.ran(previous);
                }
            }
            ActionObservation observation = call == null ? null : call(client, call);
            if (call != null) {
                connection.ran(call);
            }
            healthy = true;
            return observation;
        } catch (RuntimeException e) {
            throw new ToolEnvironmentUnavailableException("MCP server " + describe() + " failed on sample " + sample.sampleId()
                    + ": " + e.getMessage(), true, e);
        } finally {
            if (healthy) pool.release(connection);
            else pool.discard(connection);
        }
    }

    private static ActionObservation call(McpSyncClient client, ToolCall call) {
        Map<String, Object> meta = new HashMap<>();
        if (call.label() != null && !call.label().isBlank()) meta.put(IbenchMcpProtocol.LABEL_META, call.label());
        try {
            McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(NativeToolName.of(call.name()), call.arguments(), meta));
            return new ActionObservation(text(result), !Boolean.TRUE.equals(result.isError()));
        } catch (McpError e) {
            if (e.getJsonRpcError() != null && e.getJsonRpcError().code() == INVALID_PARAMS
                    && String.valueOf(e.getMessage()).toLowerCase().contains("unknown tool")) {
                return new ActionObservation("Error: unknown tool '" + call.name() + "'", false);
            }
            if (e.getJsonRpcError() != null && e.getJsonRpcError().code() == INVALID_PARAMS
                    && String.valueOf(e.getJsonRpcError().message()).contains(IbenchMcpProtocol.LABEL_META)) {
                // ibench's server refuses the label the model chose (too long, reserved, unprintable): the model's error
                return new ActionObservation("Error: " + e.getJsonRpcError().message(), false);
            }
            throw e;
        }
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
}
