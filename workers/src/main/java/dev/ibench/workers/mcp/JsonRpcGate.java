package dev.ibench.workers.mcp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Checks one incoming JSON-RPC message before the MCP SDK sees it, so that every malformed message gets the JSON-RPC
 * error it calls for and the session goes on (the SDK's stdio transport ends the session on the first message it
 * cannot read, and answers parameters of the wrong type with {@code -32603} and a Jackson class name):
 * <ul>
 *   <li>{@code -32700} parse error: not JSON, or not valid UTF-8;</li>
 *   <li>{@code -32600} invalid request: larger than the size limit, nested deeper than {@link #MAX_DEPTH}, a batch,
 *       not an object, no {@code "jsonrpc": "2.0"}, an id that is not a string or an integer, no {@code method}
 *       (nor a response's {@code result}/{@code error});</li>
 *   <li>{@code -32602} invalid params: {@code params} not an object, or not what the method takes (for
 *       {@code tools/call}: {@code name} a string, {@code arguments} and {@code _meta} objects).</li>
 * </ul>
 * Unknown methods pass: the SDK answers them with {@code -32601}. Error answers carry the request's id when it could be
 * read, else {@code null}; a refused notification (no id) is answered too, with id {@code null}, as the message cannot
 * be known to be a notification until it is read.
 */
public final class JsonRpcGate {
    /** Nesting depth of a message at most (MCP messages are shallow; the SDK's own parser stops at a larger depth). */
    public static final int MAX_DEPTH = 64;
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;

    private static final ObjectMapper READER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).maxNumberLength(1000).build())
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** What the SDK converts each method's params to: a conversion failure there would be an internal error. */
    private static final Map<String, Class<?>> PARAMS = Map.of(
            McpSchema.METHOD_INITIALIZE, McpSchema.InitializeRequest.class,
            McpSchema.METHOD_TOOLS_CALL, McpSchema.CallToolRequest.class,
            McpSchema.METHOD_TOOLS_LIST, McpSchema.PaginatedRequest.class,
            McpSchema.METHOD_LOGGING_SET_LEVEL, McpSchema.SetLevelRequest.class);

    /** Methods whose params the SDK reads without a null check. */
    private static final java.util.Set<String> PARAMS_REQUIRED = java.util.Set.of(McpSchema.METHOD_INITIALIZE, McpSchema.METHOD_TOOLS_CALL,
            McpSchema.METHOD_LOGGING_SET_LEVEL);

    private final int maxBytes;
    private final McpJsonMapper sdkMapper = McpJsonDefaults.getMapper();

    public JsonRpcGate(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The gate's verdict: {@code error} null means pass {@code message} on; {@code id} is the request's id (or null). */
    public record Verdict(JsonNode message, JsonNode id, ObjectNode error) {
        public boolean passed() {
            return error == null;
        }

        /** A request (not a notification or a response) that expects an answer with {@link #id}. */
        public boolean expectsAnswer() {
            return passed() && id != null && message.has("method");
        }
    }

    /** A message of {@code length} bytes whose content was not kept (over the size limit). */
    public Verdict tooLarge(long length) {
        return refuse(null, INVALID_REQUEST, "message of " + length + " bytes refused: larger than the limit of " + maxBytes
                + " bytes (--max-request-bytes)");
    }

    public Verdict check(byte[] bytes) {
        if (bytes.length > maxBytes) return tooLarge(bytes.length);
        JsonNode node;
        try {
            node = READER.readTree(bytes);
        } catch (StreamConstraintsException deep) {
            return refuse(null, INVALID_REQUEST, "message refused: nested deeper than " + MAX_DEPTH + " levels");
        } catch (JsonProcessingException bad) {
            return refuse(null, PARSE_ERROR, "parse error: not valid JSON (" + shortReason(bad) + ")");
        } catch (IOException bad) {
            return refuse(null, PARSE_ERROR, "parse error: not valid JSON");
        }
        if (node == null || node.isMissingNode()) return refuse(null, PARSE_ERROR, "parse error: empty message");
        if (node.isArray()) return refuse(null, INVALID_REQUEST, "batches (JSON arrays) are not supported; send one message at a time");
        if (!node.isObject()) return refuse(null, INVALID_REQUEST, "a JSON-RPC message must be an object, got " + kind(node));
        JsonNode id = node.get("id");
        boolean idUsable = id != null && (id.isTextual() || id.isIntegralNumber() && id.canConvertToLong());
        JsonNode answerId = idUsable ? id : null;
        if (id != null && !idUsable) {
            return refuse(null, INVALID_REQUEST, "id must be a string or an integer of at most 64 bits, got " + (id.isIntegralNumber() ? "a larger integer" : kind(id)));
        }
        if (!"2.0".equals(text(node.get("jsonrpc")))) return refuse(answerId, INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
        JsonNode method = node.get("method");
        if (method == null) {
            if (node.has("result") || node.has("error")) return checkResponse(node, answerId);
            return refuse(answerId, INVALID_REQUEST, "a request needs a \"method\"");
        }
        if (!method.isTextual()) return refuse(answerId, INVALID_REQUEST, "\"method\" must be a string, got " + kind(method));
        if (node.has("result") || node.has("error")) return refuse(answerId, INVALID_REQUEST, "a message with \"method\" cannot carry \"result\" or \"error\"");
        JsonNode params = node.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            return refuse(answerId, INVALID_PARAMS, method.asText() + ": \"params\" must be an object, got " + kind(params));
        }
        boolean hasParams = params != null && params.isObject();
        if (!hasParams && PARAMS_REQUIRED.contains(method.asText()) && node.has("id")) {
            return refuse(answerId, INVALID_PARAMS, method.asText() + ": \"params\" are required");
        }
        if (hasParams) {
            String problem = paramsProblem(method.asText(), (ObjectNode) params);
            if (problem != null) return refuse(answerId, INVALID_PARAMS, method.asText() + ": " + problem);
        }
        return new Verdict(node, answerId, null);
    }

    private Verdict checkResponse(JsonNode node, JsonNode id) {
        if (id == null) return refuse(null, INVALID_REQUEST, "a response needs the id of the request it answers");
        if (node.has("result") && node.has("error")) return refuse(id, INVALID_REQUEST, "a response carries \"result\" or \"error\", not both");
        JsonNode error = node.get("error");
        if (error != null && !(error.isObject() && error.path("code").isIntegralNumber() && error.path("message").isTextual())) {
            return refuse(id, INVALID_REQUEST, "a response's \"error\" needs an integer \"code\" and a string \"message\"");
        }
        if (node.has("result") && !node.get("result").isObject()) return refuse(id, INVALID_REQUEST, "a response's \"result\" must be an object");
        return new Verdict(node, null, null);
    }

    private String paramsProblem(String method, ObjectNode params) {
        JsonNode meta = params.get("_meta");
        if (meta != null && !meta.isNull() && !meta.isObject()) return "\"_meta\" must be an object, got " + kind(meta);
        if (method.equals(McpSchema.METHOD_TOOLS_CALL)) {
            JsonNode name = params.get("name");
            if (name == null || !name.isTextual()) return "\"name\" must be a string (the tool's name), got " + kind(name);
            JsonNode arguments = params.get("arguments");
            if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
                return "\"arguments\" must be an object of argument names to values, got " + kind(arguments);
            }
        }
        if (method.equals(McpSchema.METHOD_INITIALIZE)) {
            if (!params.path("protocolVersion").isTextual()) return "\"protocolVersion\" must be a string, got " + kind(params.get("protocolVersion"));
            if (!params.path("capabilities").isObject()) return "\"capabilities\" must be an object, got " + kind(params.get("capabilities"));
            if (!params.path("clientInfo").isObject()) return "\"clientInfo\" must be an object, got " + kind(params.get("clientInfo"));
        }
        if (method.equals(McpSchema.METHOD_LOGGING_SET_LEVEL) && !params.path("level").isTextual()) {
            return "\"level\" must be a string (debug, info, notice, warning, error, critical, alert, emergency), got " + kind(params.get("level"));
        }
        Class<?> type = PARAMS.get(method);
        if (type == null) return null;
        try {
            sdkMapper.convertValue(READER.convertValue(params, Object.class), type);
            return null;
        } catch (RuntimeException wrong) {
            return "the parameters do not have the types " + method + " takes" + field(params, wrong);
        }
    }

    /** Names the first top-level parameter the SDK's conversion stumbled on, without Java class names. */
    private static String field(ObjectNode params, RuntimeException wrong) {
        String message = String.valueOf(wrong.getMessage());
        for (Iterator<String> names = params.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (message.contains("[\"" + name + "\"]") || message.contains("\"" + name + "\"")) return " (check \"" + name + "\")";
        }
        return "";
    }

    /** Where the parser stopped, in the message's own terms (Jackson's text names Java types). */
    private static String shortReason(JsonProcessingException e) {
        if (e.getLocation() == null) return "unreadable";
        long at = e.getLocation().getByteOffset() >= 0 ? e.getLocation().getByteOffset() : e.getLocation().getCharOffset();
        String m = String.valueOf(e.getOriginalMessage());
        String what = m.startsWith("Unexpected end-of-input") ? "it ends too early"
                : m.startsWith("Trailing token") ? "more follows the first value"
                : m.contains("UTF-8") || m.contains("UTF8") ? "invalid UTF-8"
                : "unexpected character";
        return what + (at >= 0 ? " at byte " + at : "");
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.asText() : null;
    }

    static String kind(JsonNode n) {
        if (n == null || n.isMissingNode()) return "nothing";
        if (n.isNull()) return "null";
        if (n.isTextual()) return "a string";
        if (n.isBoolean()) return "a boolean";
        if (n.isNumber()) return "a number";
        if (n.isArray()) return "an array";
        return "an object";
    }

    private static Verdict refuse(JsonNode id, int code, String message) {
        return new Verdict(null, id, errorResponse(id, code, message));
    }

    /** A JSON-RPC error response. */
    public static ObjectNode errorResponse(JsonNode id, int code, String message) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("jsonrpc", "2.0");
        if (id == null) out.putNull("id");
        else out.set("id", id);
        ObjectNode error = out.putObject("error");
        error.put("code", code);
        error.put("message", message);
        return out;
    }

    public static byte[] line(ObjectNode message) {
        try {
            return (READER.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
