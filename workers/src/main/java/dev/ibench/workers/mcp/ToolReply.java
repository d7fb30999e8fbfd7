package dev.ibench.workers.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;

/** What one served tool call returns: the text an agent reads, whether the call succeeded, and its value as JSON data. */
record ToolReply(boolean ok, String text, Object structured) {
    static ToolReply error(String message) {
        return new ToolReply(false, message.startsWith("Error: ") ? message : "Error: " + message, null);
    }

    /** A value as the JSON text of a reply. */
    static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
