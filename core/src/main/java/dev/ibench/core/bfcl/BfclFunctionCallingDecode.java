package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;

/**
 * How bfcl-eval's function-calling handlers decode a stored native answer whose arguments were not a JSON object
 * (ibench keeps such arguments as the text the server sent): their {@code decode_ast} runs {@code json.loads} on each
 * call's arguments in order, so a text that is not JSON fails the decoding ({@code ast_decoder:decoder_failed}), while
 * arguments that all load, one of them to something other than an object, decode to a list that
 * {@code is_function_calling_format_output} rejects ({@code ast_decoder:decoder_wrong_output_format}).
 */
final class BfclFunctionCallingDecode {
    private BfclFunctionCallingDecode() {}

    /** Whether {@code rawOutput}, stored native calls, decodes in bfcl-eval's FC handlers to the wrong output format. */
    static boolean wrongOutputFormat(String rawOutput) {
        JsonNode calls;
        try {
            calls = rawOutput == null ? null : Json.MAPPER.readTree(rawOutput);
        } catch (JsonProcessingException e) {
            return false;
        }
        if (calls == null || !calls.isArray()) {
            return false;
        }
        boolean notAnObject = false;
        for (JsonNode call : calls) {
            JsonNode arguments = call.path("arguments");
            if (!call.isObject() || !call.path("name").isTextual() || arguments.isMissingNode()) {
                return false;
            }
            if (arguments.isTextual()) {
                try {
                    JsonNode loaded = Json.MAPPER.readTree(arguments.asText());
                    notAnObject |= loaded == null || !loaded.isObject();
                } catch (JsonProcessingException e) {
                    return false; // json.loads raises: the decoding fails
                }
            }
        }
        return notAnObject;
    }
}
