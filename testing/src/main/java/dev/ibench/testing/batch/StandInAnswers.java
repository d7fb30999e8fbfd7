package dev.ibench.testing.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.util.List;

/**
 * TEST TOOL, not a model: the answers the stand-in Batch API gives, one of three (two SLOT tool-call lists over the
 * superhero table and a refusal) chosen by the hash of the request's prompt, so a batch line and a normal call of the same
 * request get the same answer; usage 100 prompt and 20 completion tokens.
 */
public final class StandInAnswers {
    public static final int PROMPT_TOKENS = 100;
    public static final int COMPLETION_TOKENS = 20;
    /** The three answer texts, in the order the prompt's hash picks them (also {@code FakeOpenAiEndpoint}'s). */
    public static final List<String> TEXTS = List.of(
        "[{\"name\": \"filter_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_superhero_name\","
                + " \"value\": \"Batman\", \"condition\": \"equal_to\"}, \"label\": \"FILTERED_DF_0\"}]",
        "[{\"name\": \"retrieve_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_full_name\","
                + " \"distinct\": false, \"limit\": -1}, \"label\": \"SELECT_COL_0\"}]",
        "I am not sure which tools to call for this question.");

    private StandInAnswers() {}

    /** The response body for a {@code /v1/completions} or {@code /v1/chat/completions} request body. */
    public static JsonNode answer(JsonNode body) {
        boolean chat = body.has("messages");
        String prompt = chat ? body.path("messages").toString() : body.path("prompt").asText();
        String text = TEXTS.get(Math.floorMod(prompt.hashCode(), TEXTS.size()));
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("id", "stand-in").put("object", chat ? "chat.completion" : "text_completion").put("model", body.path("model").asText());
        ObjectNode choice = out.putArray("choices").addObject();
        choice.put("index", 0);
        if (chat) {
            choice.putObject("message").put("role", "assistant").put("content", text);
        } else {
            choice.put("text", text);
        }
        choice.put("finish_reason", "stop");
        out.putObject("usage").put("prompt_tokens", PROMPT_TOKENS).put("completion_tokens", COMPLETION_TOKENS)
                .put("total_tokens", PROMPT_TOKENS + COMPLETION_TOKENS);
        return out;
    }
}
