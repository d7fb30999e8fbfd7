package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.core.json.Json;

/**
 * The JSON body {@link OpenAiClient} posts: the prompt (messages with native tools, or raw text), the decoding settings
 * in the fields the profile's server takes, and the constrained-output schema.
 */
final class OpenAiRequestBody {
    private OpenAiRequestBody() {}

    static String of(ModelRequest request, boolean chat) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("model", request.model());
        putPrompt(body, request, chat);
        putDecoding(body, request.decoding());
        if (request.decoding().jsonSchema() != null) {
            putResponseFormat(body, request.decoding().jsonSchema(), chat);
        }
        return body.toString();
    }

    private static void putPrompt(ObjectNode body, ModelRequest request, boolean chat) {
        if (chat) {
            body.set("messages", OpenAiMessages.of(request.prompt().messages()));
            if (!request.prompt().tools().isEmpty()) {
                body.set("tools", Json.MAPPER.valueToTree(request.prompt().tools()));
                body.put("tool_choice", request.decoding().serverSettings().toolChoiceField());
                Boolean parallel = request.decoding().serverSettings().parallelToolCalls();
                if (parallel != null) {
                    body.put("parallel_tool_calls", parallel);
                }
            }
        } else {
            body.put("prompt", request.prompt().text());
        }
    }

    private static void putDecoding(ObjectNode body, DecodingSettings d) {
        DecodingSettings.ServerSettings server = d.serverSettings();
        body.put(server.tokenLimitField(), d.maxTokens());
        if (server.sendsTemperature()) {
            body.put("temperature", d.temperature());
        }
        if (server.reasoningEffort() != null) {
            body.put("reasoning_effort", server.reasoningEffort());
        }
        if (server.enableThinking() != null) {
            body.putObject("chat_template_kwargs").put("enable_thinking", server.enableThinking());
        }
        if (Boolean.TRUE.equals(server.keepSpecialTokens())) {
            body.put("skip_special_tokens", false);
        }
        if (d.topP() != null) {
            body.put("top_p", d.topP());
        }
        if (d.seed() != null) {
            body.put("seed", d.seed());
        }
        if (d.frequencyPenalty() != null) {
            body.put("frequency_penalty", d.frequencyPenalty());
        }
        if (!d.stop().isEmpty()) {
            body.set("stop", Json.MAPPER.valueToTree(d.stop()));
        }
    }

    private static void putResponseFormat(ObjectNode body, String jsonSchema, boolean chat) {
        JsonNode schemaNode;
        try {
            schemaNode = Json.MAPPER.readTree(jsonSchema);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("constrained-output JSON schema is not valid JSON", e);
        }
        boolean anyJson = "{}".equals(jsonSchema.strip());
        ObjectNode format = body.putObject("response_format");
        if (anyJson) {
            format.put("type", "json_object");
        } else {
            format.put("type", "json_schema");
            ObjectNode schema = format.putObject("json_schema");
            schema.put("name", "tool_calls");
            schema.set("schema", schemaNode);
        }
        if (!chat) {
            // llama.cpp's llama-server reads response_format on chat only; on /v1/completions it takes json_schema
            // (vLLM reads response_format on both and ignores the extra field)
            body.set("json_schema", anyJson ? Json.MAPPER.createObjectNode() : schemaNode);
        }
    }
}
