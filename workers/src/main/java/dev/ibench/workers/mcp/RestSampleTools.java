package dev.ibench.workers.mcp;

import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.rest.EndpointResult;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.InvalidArgumentException;
import dev.ibench.core.runtime.AnswerShape;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * REST endpoints as MCP tools. The text is what a ReACT agent observes from the REST tool server over HTTP
 * ({@code HTTP 200: {"columns":[...],"rows":[...],...}}, {@code HTTP 400: {"error":..., "parameter":...}}), so an agent
 * over MCP reads the same; {@code structuredContent} carries the rows folded as a gold answer is ({@code value}).
 */
final class RestSampleTools implements SampleTools {
    private final RestEndpoints endpoints;

    RestSampleTools(RestEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    public ToolReply call(String tool, Map<String, Object> arguments, String label) {
        EndpointSpec spec = endpoints.endpoint(tool);
        if (spec == null) {
            return ToolReply.error(tool + " is not an endpoint of this API");
        }
        EndpointResult result;
        try {
            synchronized (endpoints) { // one read-only connection
                result = endpoints.executor().execute(endpoints.connection(), spec, arguments);
            }
        } catch (InvalidArgumentException bad) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", bad.getMessage());
            if (bad.parameter() != null) body.put("parameter", bad.parameter());
            return new ToolReply(false, ReactObservations.http(400, ToolReply.json(body)), null);
        } catch (SQLException failed) {
            return new ToolReply(false, ReactObservations.http(500, ToolReply.json(Map.of("error", "query failed: " + failed.getMessage()))), null);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("label", label);
        structured.put("value", AnswerShape.fold(result.rows()));
        structured.put("response", result.toJson());
        return new ToolReply(true, ReactObservations.http(200, ToolReply.json(result.toJson())), structured);
    }
}
