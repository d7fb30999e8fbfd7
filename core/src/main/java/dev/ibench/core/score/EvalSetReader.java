package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.TextFiles;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an eval set: a JSON array of samples, an object whose {@code data} field holds them (the seed authors'
 * released layout), or JSON Lines with one sample per line (NESTful). Errors name the file and, for JSON Lines, the line.
 */
public final class EvalSetReader {
    private static final ObjectMapper STRICT = Json.MAPPER.copy().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private EvalSetReader() {}

    public static List<EvalSample> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("eval set " + file + ": no such file");
        }
        TextFiles.requireText(file, "eval set");
        List<EvalSample> streamed = readArrayStreaming(file);
        if (streamed != null) {
            return streamed;
        }
        String text = TextFiles.read(file, "eval set");
        String trimmed = text.strip();
        if (trimmed.startsWith("{") && isJsonLines(trimmed)) {
            return readLines(file, text);
        }
        JsonNode root;
        try {
            root = STRICT.readTree(trimmed);
        } catch (IOException e) {
            throw new IllegalArgumentException("eval set " + file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        JsonNode samples = root != null && root.isObject() ? root.get("data") : root;
        if (samples == null || !samples.isArray()) {
            throw new IllegalArgumentException("eval set " + file + ": expected a JSON array of samples or an object with a 'data' array");
        }
        List<EvalSample> out = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            out.add(convert(samples.get(i), file + " sample #" + i));
        }
        return out;
    }

    /**
     * A file holding a JSON array, read one sample at a time (a whole-file tree of a large eval set costs several times
     * its size in heap and most of its parse time); null when the file does not start with '[' (the other layouts).
     */
    private static List<EvalSample> readArrayStreaming(Path file) {
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(file.toFile())) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_ARRAY) {
                return null;
            }
            List<EvalSample> out = new ArrayList<>();
            JsonToken t;
            while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    throw new IllegalArgumentException("eval set " + file + ": not valid JSON: the array of samples is not closed");
                }
                JsonNode node = Json.MAPPER.readTree(parser);
                out.add(convert(node, file + " sample #" + out.size()));
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("eval set " + file + ": not valid JSON: more content after the array of samples");
            }
            return out;
        } catch (IOException e) {
            throw new IllegalArgumentException("eval set " + file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    /** More than one top-level JSON value, one per line. */
    private static boolean isJsonLines(String text) {
        String firstLine = text.lines().findFirst().orElse("");
        try {
            STRICT.readTree(firstLine);
            return !firstLine.strip().equals(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static List<EvalSample> readLines(Path file, String text) {
        List<EvalSample> out = new ArrayList<>();
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            try {
                out.add(convert(Json.MAPPER.readTree(lines[i]), file + " line " + (i + 1)));
            } catch (IOException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": not valid JSON: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static EvalSample convert(JsonNode node, String where) {
        try {
            if (node.isObject() && node.path("output").isTextual()) {
                // some released files store the gold sequence as a JSON string
                ((ObjectNode) node).set("output", Json.MAPPER.readTree(node.get("output").asText()));
            }
            EvalSample sample = Json.MAPPER.treeToValue(node, EvalSample.class);
            if (sample.sampleId() == null) {
                throw new IllegalArgumentException(where + ": sample has no sample_id");
            }
            return sample;
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": not an eval sample: " + e.getMessage(), e);
        }
    }
}
