package dev.ibench.workers.mcp;

import dev.ibench.activities.mcp.IbenchMcpProtocol;
import dev.ibench.core.react.ReactFormat;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.sample.EvalSample;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP tools of one served eval set: {@code list_samples}, {@code start_sample} and every benchmark tool, whose
 * input schema is the {@code parameters} of the tool spec the samples declare. Every failure of a call is an MCP tool
 * error ({@code isError: true}) whose text names the problem; nothing a client sends ends its session.
 */
final class McpToolHandlers implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpToolHandlers.class);
    private final ServedEvalSet evalSet;
    private final McpLimits limits;
    private final String defaultSampleId;
    private final McpSampleSessions sessions = new McpSampleSessions();
    private final java.util.concurrent.atomic.AtomicLong toolCalls = new java.util.concurrent.atomic.AtomicLong();
    private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "mcp-tool-call");
        t.setDaemon(true);
        return t;
    });

    /** @param defaultSampleId the sample every new session starts with (null: sessions call start_sample) */
    McpToolHandlers(ServedEvalSet evalSet, McpLimits limits, String defaultSampleId) {
        this.evalSet = evalSet;
        this.limits = limits;
        this.defaultSampleId = defaultSampleId;
        if (defaultSampleId != null && !evalSet.samples().containsKey(defaultSampleId)) {
            throw new IllegalArgumentException("--sample-id: no sample '" + defaultSampleId + "' in " + evalSet.name());
        }
    }

    List<SyncToolSpecification> specifications() {
        List<SyncToolSpecification> out = new ArrayList<>();
        out.add(spec(tool(IbenchMcpProtocol.LIST_SAMPLES, "List the samples of " + evalSet.name()
                + ": their sample_id and question (input).", Map.of(), List.of()), (ex, req) -> listSamples()));
        Map<String, Object> sampleId = new LinkedHashMap<>();
        sampleId.put("type", "string");
        sampleId.put("description", "id of the sample to work on (see list_samples)");
        out.add(spec(tool(IbenchMcpProtocol.START_SAMPLE, "Start a sample in this session: loads its data (the hidden "
                        + "initialization step), forgets earlier results, and returns the question and where its data is.",
                Map.of(IbenchMcpProtocol.SAMPLE_ID, sampleId), List.of(IbenchMcpProtocol.SAMPLE_ID)), this::startSample));
        evalSet.functions().forEach((name, function) -> out.add(spec(benchmarkTool(name, function), this::callTool)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static McpSchema.Tool benchmarkTool(String name, Map<String, Object> function) {
        Object description = function.get("description");
        return McpSchema.Tool.builder().name(name).description(description == null ? null : String.valueOf(description))
                .inputSchema((Map<String, Object>) function.get("parameters")).build();
    }

    private static McpSchema.Tool tool(String name, String description, Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        return McpSchema.Tool.builder().name(name).description(description).inputSchema(schema).build();
    }

    private SyncToolSpecification spec(McpSchema.Tool tool,
            java.util.function.BiFunction<McpSyncServerExchange, McpSchema.CallToolRequest, McpSchema.CallToolResult> handler) {
        return SyncToolSpecification.builder().tool(tool).callHandler((ex, req) -> {
            try {
                return withinAnswerLimit(tool.name(), handler.apply(ex, req));
            } catch (McpError refused) {
                throw refused; // answered as this JSON-RPC error
            } catch (RuntimeException e) {
                return result(ToolReply.error(internalError(tool.name(), e)));
            }
        }).build();
    }

    /** The answer, or a tool error naming its size and the limit when its text and structured content are larger. */
    private McpSchema.CallToolResult withinAnswerLimit(String tool, McpSchema.CallToolResult answer) {
        long size = answerChars(answer);
        if (size <= limits.maxAnswerChars()) return answer;
        return result(ToolReply.error(tool + ": the answer is " + size + " characters (text and structured content as JSON); at most "
                + limits.maxAnswerChars() + " are sent (serve-tools --max-answer-chars). Ask for less, e.g. select fewer columns or filter rows first"));
    }

    /** Characters of an answer: every text content plus the structured content as JSON. */
    static long answerChars(McpSchema.CallToolResult answer) {
        long size = 0;
        if (answer.content() != null) {
            for (McpSchema.Content c : answer.content()) {
                size += c instanceof McpSchema.TextContent text && text.text() != null ? text.text().length() : ToolReply.json(c).length();
            }
        }
        if (answer.structuredContent() != null) size += ToolReply.json(answer.structuredContent()).length();
        return size;
    }

    private McpSchema.CallToolResult listSamples() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (EvalSample s : evalSet.samples().values()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("sample_id", s.sampleId());
            entry.put("input", s.input());
            list.add(entry);
        }
        return result(new ToolReply(true, ToolReply.json(list), Map.of("samples", list)));
    }

    private McpSchema.CallToolResult startSample(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Object id = request.arguments() == null ? null : request.arguments().get(IbenchMcpProtocol.SAMPLE_ID);
        if (!(id instanceof String sampleId)) {
            return result(ToolReply.error(IbenchMcpProtocol.START_SAMPLE + ": argument 'sample_id' must be a string, got "
                    + (id == null ? "nothing" : id.getClass().getSimpleName() + " " + id)));
        }
        ToolReply started = start(exchange.sessionId(), sampleId);
        return result(started);
    }

    private ToolReply start(String sessionId, String sampleId) {
        EvalSample sample = evalSet.samples().get(sampleId);
        if (sample == null) {
            sessions.remove(sessionId);
            return ToolReply.error(IbenchMcpProtocol.START_SAMPLE + ": no sample '" + abbreviate(sampleId) + "' in " + evalSet.name()
                    + " (list_samples lists the " + evalSet.samples().size() + " sample ids)");
        }
        try {
            sessions.put(sessionId, new McpSampleSessions.Active(sample, evalSet.open(sample)));
        } catch (SessionUnavailableException e) {
            sessions.remove(sessionId);
            return ToolReply.error(IbenchMcpProtocol.START_SAMPLE + ": tools of sample " + sampleId + " unavailable: " + e.getMessage());
        }
        String note = evalSet.rest() ? "The endpoints are ready; each call returns its rows." : ReactFormat.initialObservation(sample);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("sample_id", sample.sampleId());
        structured.put("input", sample.input());
        structured.put("observation", note);
        return new ToolReply(true, "Question: " + sample.input() + "\nObservation: " + note, structured);
    }

    /** Benchmark tool calls received so far (session tools not counted). */
    long toolCalls() {
        return toolCalls.get();
    }

    private McpSchema.CallToolResult callTool(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        toolCalls.incrementAndGet();
        String tool = request.name();
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        String argumentsJson = ToolReply.json(arguments);
        if (argumentsJson.length() > limits.maxArgumentChars()) {
            return result(ToolReply.error(tool + ": arguments are " + argumentsJson.length() + " characters as JSON; at most "
                    + limits.maxArgumentChars() + " are accepted"));
        }
        String sessionId = exchange.sessionId();
        McpSampleSessions.Active active = sessions.get(sessionId);
        if (active == null) {
            String implicit = sampleFromContext(exchange);
            if (implicit == null) {
                return result(ToolReply.error(tool + ": no sample started in this session; call start_sample with a "
                        + "sample_id first (list_samples lists them)"));
            }
            ToolReply started = start(sessionId, implicit);
            if (!started.ok()) return result(started);
            active = sessions.get(sessionId);
        }
        synchronized (active) {
            if (active.calls >= limits.maxCallsPerSample()) {
                return result(ToolReply.error(tool + ": this sample already ran " + limits.maxCallsPerSample()
                        + " calls, the server's limit; call start_sample to begin again"));
            }
            String named = namedLabel(request);
            String refused = named == null ? null : active.labels.admit(named);
            if (refused != null) {
                throw McpError.builder(JsonRpcGate.INVALID_PARAMS).message(tool + ": " + refused).build();
            }
            active.calls++;
            String label = named != null ? named : "RESULT_" + active.calls;
            SampleTools tools = active.tools;
            Future<ToolReply> running = calls.submit(() -> tools.call(evalSet.runtimeName(tool), arguments, label));
            try {
                return result(running.get(limits.callTimeout().toMillis(), TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                running.cancel(true);
                sessions.remove(sessionId); // the abandoned call may still touch the session's results
                return result(ToolReply.error(tool + ": the call ran longer than " + limits.callTimeout().toSeconds()
                        + " s and was abandoned; the sample was closed: call start_sample to begin again"));
            } catch (ExecutionException e) {
                return result(ToolReply.error(internalError(tool, e.getCause())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return result(ToolReply.error(tool + ": interrupted (server shutting down)"));
            }
        }
    }

    private String sampleFromContext(McpSyncServerExchange exchange) {
        Object fromUrl = exchange.transportContext() == null ? null : exchange.transportContext().get(IbenchMcpProtocol.SAMPLE_ID);
        return fromUrl instanceof String s && !s.isBlank() ? s : defaultSampleId;
    }

    /** The label the client named in {@code _meta}, or null (the server then names the result). */
    private static String namedLabel(McpSchema.CallToolRequest request) {
        Object label = request.meta() == null ? null : request.meta().get(IbenchMcpProtocol.LABEL_META);
        return label instanceof String s && !s.isBlank() ? s : null;
    }

    private static McpSchema.CallToolResult result(ToolReply reply) {
        McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().addTextContent(reply.text()).isError(!reply.ok());
        if (reply.structured() != null) b.structuredContent(reply.structured());
        return b.build();
    }

    /** A failure inside the server: the client gets an incident id, the log gets the exception (no Java names in answers). */
    private static String internalError(String tool, Throwable e) {
        String incident = java.util.UUID.randomUUID().toString().substring(0, 8);
        LOG.warn("incident {}: tool {} failed", incident, tool, e);
        return "internal error in " + tool + "; the server log has the details under incident " + incident;
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "... (" + s.length() + " characters)";
    }

    @Override
    public void close() {
        calls.shutdownNow();
    }
}
