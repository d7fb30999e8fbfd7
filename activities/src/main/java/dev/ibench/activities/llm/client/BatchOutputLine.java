package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of a batch's output or error file: {@code {id, custom_id, response: {status_code, request_id, body}, error}}.
 * A line answered by the model has status 200 and a body; a line whose request failed has another status (its body is the
 * error) or no response and an {@code error} with a code ({@code batch_expired}, {@code batch_cancelled}, ...).
 */
public record BatchOutputLine(String customId, int statusCode, JsonNode body, String errorCode, String errorMessage) {
    public boolean answered() {
        return statusCode == 200 && body != null && body.isObject();
    }

    /** Why the line has no answer, in one phrase for a message. */
    public String problem() {
        if (errorCode != null) {
            return errorCode + (errorMessage == null ? "" : ": " + errorMessage);
        }
        return "HTTP " + statusCode + (body == null ? "" : " " + body.path("error").path("message").asText(""));
    }

    static BatchOutputLine of(JsonNode line) {
        JsonNode response = line.path("response");
        JsonNode error = line.path("error");
        return new BatchOutputLine(line.path("custom_id").asText(null), response.path("status_code").asInt(0),
                response.path("body").isObject() ? response.path("body") : null,
                error.isObject() ? error.path("code").asText(null) : null,
                error.isObject() ? error.path("message").asText(null) : null);
    }
}
