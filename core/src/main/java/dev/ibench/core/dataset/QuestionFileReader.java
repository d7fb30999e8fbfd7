package dev.ibench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@code dev.json} question list. Invalid UTF-8 does not abort the load: the file is decoded
 * leniently and every question whose text or SQL contains undecodable bytes is marked with a problem.
 */
final class QuestionFileReader {
    private QuestionFileReader() {}

    static List<JsonNode> read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = TextDecoder.strictUtf8(bytes);
        if (text == null) text = new String(bytes, StandardCharsets.UTF_8);
        JsonNode root = Json.MAPPER.readTree(text);
        if (!root.isArray()) throw new IOException(file + ": expected a JSON array of questions");
        List<JsonNode> out = new ArrayList<>();
        root.forEach(out::add);
        return out;
    }

    static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** A problem description when the question's text fields hold undecodable bytes, else null. */
    static String encodingProblem(String... fields) {
        for (String f : fields) {
            if (f != null && f.indexOf('\uFFFD') >= 0) return "invalid_text_encoding: question text is not valid UTF-8";
        }
        return null;
    }
}
