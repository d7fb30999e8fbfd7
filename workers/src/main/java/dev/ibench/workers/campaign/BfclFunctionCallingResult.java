package dev.ibench.workers.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code mode: tools} model's single-turn answer as bfcl-eval's function-calling handlers write it in a result file
 * ({@code _parse_query_response_FC}: {@code [{name: arguments}]}, the arguments the JSON text the server sent, which
 * their {@code decode_ast} reads with {@code json.loads}); an answer without calls is its text, as they write it. ibench
 * stores native calls as {@code [{"name", "arguments"}]}, arguments an object or, when the model's were not one, their
 * text verbatim.
 */
final class BfclFunctionCallingResult {
    private BfclFunctionCallingResult() {}

    /** The result value of a stored raw output: a list of one-key maps, or the text. */
    static Object of(String rawOutput) {
        JsonNode calls;
        try {
            calls = Json.MAPPER.readTree(rawOutput);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return rawOutput;
        }
        if (calls == null || !calls.isArray() || calls.isEmpty()) {
            return rawOutput;
        }
        List<Map<String, String>> written = new ArrayList<>();
        for (JsonNode call : calls) {
            if (!call.isObject() || call.size() != 2 || !call.path("name").isTextual() || !call.has("arguments")) {
                return rawOutput;
            }
            JsonNode arguments = call.get("arguments");
            Map<String, String> one = new LinkedHashMap<>();
            one.put(call.get("name").asText(), arguments.isTextual() ? arguments.asText() : arguments.toString());
            written.add(one);
        }
        return written;
    }
}
