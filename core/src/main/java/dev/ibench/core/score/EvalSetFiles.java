package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells eval sets from the other files of a build folder ({@code coverage.json}, {@code artifacts.json}, import
 * reports, REST publications, anything a user put there) by content, not by name: an eval set is a JSON array of
 * samples, an object whose {@code data} array holds samples, or JSON Lines of samples ({@link EvalSetReader}'s
 * layouts), and its first sample has a {@code sample_id}. Only the start of a file is read.
 */
public final class EvalSetFiles {
    private EvalSetFiles() {}

    public static boolean isEvalSet(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(file.toFile())) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.START_ARRAY) {
                return firstSampleHasId(parser);
            }
            if (first != JsonToken.START_OBJECT) {
                return false;
            }
            boolean sampleItself = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("data") && value == JsonToken.START_ARRAY) {
                    return firstSampleHasId(parser);
                }
                if (field.equals("sample_id") && value.isScalarValue()) {
                    sampleItself = true; // the first line of JSON Lines
                }
                parser.skipChildren();
            }
            return sampleItself;
        } catch (IOException | RuntimeException notJson) {
            return false;
        }
    }

    private static boolean firstSampleHasId(JsonParser parser) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return false;
        }
        JsonNode sample = Json.MAPPER.readTree(parser);
        return sample != null && sample.hasNonNull("sample_id");
    }
}
