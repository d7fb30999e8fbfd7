package dev.ibench.core.campaign;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import dev.ibench.core.json.JsonInputProblem;
import java.nio.file.Path;

/**
 * A YAML or mapping error of a campaign file as a user reads it: {@code FILE line N: KEY: problem}, where KEY is the
 * path of the key ({@code models[0].concurrency}) and the problem names the expected type instead of a Java class
 * ({@link JsonInputProblem}, shared with the eval set and predictions readers).
 */
final class CampaignFileError {
    private CampaignFileError() {}

    static String describe(Path file, JsonProcessingException e) {
        StringBuilder out = new StringBuilder(file.toString());
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            out.append(" line ").append(location.getLineNr());
        }
        out.append(": ");
        String key = e instanceof JsonMappingException m ? JsonInputProblem.keyPath(m) : "";
        if (!key.isEmpty()) {
            out.append(key).append(": ");
        }
        String message = e.getOriginalMessage();
        if (JsonInputProblem.expectsList(e)) {
            out.append(JsonInputProblem.problem(e)).append(": write [a, b] or one '- a' line per item");
        } else if (message != null && message.startsWith("Duplicate field")) {
            out.append("given twice (").append(message).append("); keep one");
        } else {
            out.append(JsonInputProblem.problem(e));
        }
        return out.toString();
    }
}
