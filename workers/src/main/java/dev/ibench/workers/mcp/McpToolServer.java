package dev.ibench.workers.mcp;

import dev.ibench.activities.mcp.IbenchMcpProtocol;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import dev.ibench.workers.access.RequestGuard;
import dev.ibench.workers.access.ServedAccess;
import org.apache.catalina.core.StandardHost;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * An eval set's tools over the Model Context Protocol with the official MCP Java SDK: over stdio (one session: the
 * process) or over streamable HTTP at {@code /mcp} (embedded Tomcat, loopback by default, one MCP session per
 * client; {@code /mcp?sample_id=ID} starts that sample in the session).
 */
public final class McpToolServer implements AutoCloseable {
    public static final String ENDPOINT = "/mcp";
    /** Milliseconds a client has to send a request's headers (and between reads of its body). */
    public static final int CONNECTION_TIMEOUT_MS = 10_000;
    /** Open connections at most; more wait in the accept backlog. */
    public static final int MAX_CONNECTIONS = 512;
    private static final String VERSION = "1";

    private final McpToolHandlers handlers;
    private final McpSyncServer server;
    private final Tomcat tomcat;
    private final ServedEvalSet evalSet;

    private McpToolServer(ServedEvalSet evalSet, McpToolHandlers handlers, McpSyncServer server, Tomcat tomcat) {
        this.evalSet = evalSet;
        this.handlers = handlers;
        this.server = server;
        this.tomcat = tomcat;
    }

    /**
     * Serves over the given streams (System.in/out for {@code --mcp stdio}) until the input ends or {@link #close}:
     * every line passes a {@link StdioGate} first (malformed messages are answered there and the session goes on); at
     * end of input, once every request read has been answered (at most the call timeout and 10 s more), the session
     * ends and {@code ended} counts down.
     */
    public static McpToolServer stdio(Path evalSetFile, Path dataRoot, McpLimits limits, String sampleId, InputStream in, OutputStream out,
            CountDownLatch ended) throws IOException {
        ServedEvalSet evalSet = ServedEvalSet.load(evalSetFile, dataRoot);
        McpToolHandlers handlers = new McpToolHandlers(evalSet, limits, sampleId);
        LineQueueInput sdkInput = new LineQueueInput();
        AnswerTrackingOutput tracked = new AnswerTrackingOutput(out);
        // the gate keeps every line within maxRequestBytes; the SDK's own limit only needs to admit them with their newline
        StdioServerTransportProvider transport = new StdioServerTransportProvider(McpJsonDefaults.getMapper(), sdkInput, tracked,
                limits.maxRequestBytes() + 2);
        McpSyncServer server = configure(McpServer.sync(transport), handlers, evalSet, limits).build();
        StdioGate gate = new StdioGate(in, sdkInput, tracked, new JsonRpcGate(limits.maxRequestBytes()), limits.maxRequestBytes(),
                limits.callTimeout().toMillis() + 10_000, ended);
        Thread reader = new Thread(gate, "mcp-stdio-gate");
        reader.setDaemon(true);
        reader.start();
        return new McpToolServer(evalSet, handlers, server, null);
    }

    /** Serves streamable HTTP on {@code host:port} (0 picks a free port, see {@link #port()}) with the default access settings. */
    public static McpToolServer http(Path evalSetFile, Path dataRoot, McpLimits limits, String sampleId, String host, int port, Path workDir)
            throws IOException {
        return http(evalSetFile, dataRoot, limits, sampleId, host, port, workDir, ServedAccess.DEFAULT);
    }

    /**
     * Serves streamable HTTP on {@code host:port}; every request passes a {@link McpHttpGuard} first (token, Host,
     * Origin, per-client limits, malformed bodies answered with JSON-RPC errors, no stack trace in any answer).
     */
    public static McpToolServer http(Path evalSetFile, Path dataRoot, McpLimits limits, String sampleId, String host, int port, Path workDir,
            ServedAccess access) throws IOException {
        ServedEvalSet evalSet = ServedEvalSet.load(evalSetFile, dataRoot);
        McpToolHandlers handlers = new McpToolHandlers(evalSet, limits, sampleId);
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJsonDefaults.getMapper())
                .mcpEndpoint(ENDPOINT)
                .maxRequestSize(limits.maxRequestBytes())
                .contextExtractor(request -> {
                    Map<String, Object> context = new HashMap<>();
                    String sample = request.getParameter(IbenchMcpProtocol.SAMPLE_ID);
                    if (sample != null) context.put(IbenchMcpProtocol.SAMPLE_ID, sample);
                    return McpTransportContext.create(context);
                })
                .build();
        McpSyncServer server = configure(McpServer.sync(transport), handlers, evalSet, limits).build();
        Files.createDirectories(workDir);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(workDir.toAbsolutePath().toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setMaxPostSize(limits.maxRequestBytes());
        // NIO reads headers without holding a thread; a client has CONNECTION_TIMEOUT_MS to send them
        connector.setProperty("connectionTimeout", Integer.toString(CONNECTION_TIMEOUT_MS));
        connector.setProperty("maxConnections", Integer.toString(MAX_CONNECTIONS));
        connector.setProperty("maxThreads", "64");
        connector.setProperty("maxHttpHeaderSize", "16384");
        tomcat.setConnector(connector);
        ((StandardHost) tomcat.getHost()).setErrorReportValveClass(JsonErrorReportValve.class.getName());
        Context context = tomcat.addContext("", workDir.toAbsolutePath().toString());
        Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
        context.addServletMappingDecoded(ENDPOINT, "mcp");
        McpHttpGuard guard = new McpHttpGuard(new JsonRpcGate(limits.maxRequestBytes()), limits.maxRequestBytes());
        FilterDef filterDef = new FilterDef();
        filterDef.setFilterName("guard");
        filterDef.setFilter(guard);
        filterDef.setAsyncSupported("true");
        context.addFilterDef(filterDef);
        FilterMap filterMap = new FilterMap();
        filterMap.setFilterName("guard");
        filterMap.addURLPatternDecoded("/*");
        context.addFilterMap(filterMap);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            server.close();
            throw new IOException("cannot start the MCP HTTP server on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        InetSocketAddress bound = new InetSocketAddress(InetAddress.getByName(host), tomcat.getConnector().getLocalPort());
        guard.admitWith(new RequestGuard(access, bound));
        return new McpToolServer(evalSet, handlers, server, tomcat);
    }

    private static <S extends McpServer.SyncSpecification<S>> McpServer.SyncSpecification<S> configure(
            McpServer.SyncSpecification<S> spec, McpToolHandlers handlers, ServedEvalSet evalSet, McpLimits limits) {
        return spec.serverInfo("ibench-" + evalSet.name(), VERSION)
                .instructions("Tools of the ibench benchmark " + evalSet.name() + ". Call start_sample with a sample_id "
                        + "(list_samples lists them) to load a sample's data, then call the tools; results are stored under "
                        + "labels ($RESULT_n$ for the n-th call) that later calls may pass as arguments.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false) // the runtime checks arguments itself, with the same messages as in process
                .requestTimeout(limits.callTimeout().plus(Duration.ofSeconds(5)))
                .tools(handlers.specifications());
    }

    public int port() {
        return tomcat == null ? -1 : tomcat.getConnector().getLocalPort();
    }

    public InetSocketAddress address() {
        return tomcat == null ? null : new InetSocketAddress(String.valueOf(tomcat.getConnector().getProperty("address")), port());
    }

    public int tools() {
        return evalSet.functions().size();
    }

    /** Benchmark tool calls this server received so far. */
    public long toolCalls() {
        return handlers.toolCalls();
    }

    public int samples() {
        return evalSet.samples().size();
    }

    @Override
    public void close() {
        try {
            server.closeGracefully();
        } finally {
            if (tomcat != null) {
                try {
                    tomcat.stop();
                    tomcat.destroy();
                } catch (LifecycleException ignored) {
                    // stopping anyway
                }
            }
            handlers.close();
            evalSet.close();
        }
    }
}
