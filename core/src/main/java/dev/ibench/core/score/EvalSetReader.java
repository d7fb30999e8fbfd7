package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonInputProblem;
import dev.ibench.core.json.TextFiles;
import dev.ibench.core.sample.EvalSample;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads an eval set: a JSON array of samples, an object whose {@code data} field holds them (the seed authors'
 * released layout), or JSON Lines with one sample per line (NESTful). Errors name the file and, for JSON Lines, the line.
 * Every layout is read one sample at a time ({@link #forEach}); {@link #read} collects them.
 */
public final class EvalSetReader {
    private static final ObjectMapper STRICT = Json.MAPPER.copy().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private EvalSetReader() {}

    public static List<EvalSample> read(Path file) {
        List<EvalSample> out = new ArrayList<>();
        forEach(file, out::add);
        return out;
    }

    /**
     * Reads the eval set one sample at a time, handing each to {@code each} in file order, and returns how many there
     * were: whatever the layout, only one sample (and the parser's buffer) is held at a time, so a check of a large
     * set runs in bounded memory. A sample handed over before an error later in the file is not taken back: callers
     * that keep samples keep them only once this returns.
     *
     * @throws IllegalArgumentException naming the file (and the sample or line) and what is wrong
     */
    public static int forEach(Path file, Consumer<EvalSample> each) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("eval set " + file + ": " + TextFiles.whyNotAFile(file));
        }
        TextFiles.requireText(file, "eval set");
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(file.toFile())) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.START_ARRAY) {
                return streamArray(file, parser, each);
            }
            if (first == JsonToken.START_OBJECT) {
                parser.close();
                if (isJsonLines(file)) {
                    return streamLines(file, each);
                }
                return streamDataObject(file, each);
            }
        } catch (IOException e) {
            throw notJson(file, e);
        }
        throw noSamples(file);
    }

    /** The array's samples, one at a time; the array must be closed and nothing may follow it. */
    private static int streamArray(Path file, JsonParser parser, Consumer<EvalSample> each) throws IOException {
        int count = 0;
        JsonToken t;
        while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new IllegalArgumentException("eval set " + file + ": not valid JSON: the array of samples is not closed");
            }
            JsonNode node = Json.MAPPER.readTree(parser);
            each.accept(convert(node, "eval set " + file + " sample #" + count));
            count++;
        }
        if (parser.nextToken() != null) {
            throw new IllegalArgumentException("eval set " + file + ": not valid JSON: more content after the array of samples");
        }
        return count;
    }

    /**
     * An object whose {@code data} array holds the samples (the seed authors' layout): its other fields are skipped,
     * not built; the object must be valid JSON to its end, with nothing after it.
     */
    private static int streamDataObject(Path file, Consumer<EvalSample> each) {
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(file.toFile())) {
            parser.nextToken(); // START_OBJECT
            Integer count = null;
            JsonToken t;
            while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("data") && value == JsonToken.START_ARRAY && count == null) {
                    count = streamArrayElements(file, parser, each);
                } else {
                    parser.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT) {
                throw new IllegalArgumentException("eval set " + file + ": not valid JSON: the object is not closed");
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("eval set " + file + ": not valid JSON: more content after the object");
            }
            if (count == null) {
                throw noSamples(file);
            }
            return count;
        } catch (IOException e) {
            throw notJson(file, e);
        }
    }

    /** The elements of the array the parser is at the start of, up to its end. */
    private static int streamArrayElements(Path file, JsonParser parser, Consumer<EvalSample> each) throws IOException {
        int count = 0;
        JsonToken t;
        while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new IllegalArgumentException("eval set " + file + ": not valid JSON: the array of samples is not closed");
            }
            each.accept(convert(Json.MAPPER.readTree(parser), "eval set " + file + " sample #" + count));
            count++;
        }
        return count;
    }

    /**
     * More than one top-level JSON value, one per line: the file's first non-blank line is a whole JSON value and
     * something other than blank lines follows it.
     */
    private static boolean isJsonLines(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null && line.isBlank()) {
                // leading blank lines
            }
            if (line == null) {
                return false;
            }
            try {
                STRICT.readTree(line.strip());
            } catch (IOException e) {
                return false;
            }
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    return true;
                }
            }
            return false;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("eval set " + file + ": not UTF-8 text", e);
        }
    }

    private static int streamLines(Path file, Consumer<EvalSample> each) throws IOException {
        int count = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = Json.MAPPER.readTree(line);
                } catch (IOException e) {
                    throw new IllegalArgumentException("eval set " + file + " line " + number + ": " + lineProblem(e), e);
                }
                each.accept(convert(node, "eval set " + file + " line " + number));
                count++;
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("eval set " + file + ": not UTF-8 text", e);
        }
        return count;
    }

    private static IllegalArgumentException notJson(Path file, IOException e) {
        String problem = e instanceof JsonProcessingException j ? JsonInputProblem.describe(j, true)
                : "not valid JSON: " + e.getMessage().lines().findFirst().orElse("");
        return new IllegalArgumentException("eval set " + file + ": " + problem, e);
    }

    /** The problem of one line or one sample: its column at most, the caller names the line or sample. */
    private static String lineProblem(IOException e) {
        return e instanceof JsonProcessingException j ? JsonInputProblem.describe(j, false) : String.valueOf(e.getMessage());
    }

    private static IllegalArgumentException noSamples(Path file) {
        return new IllegalArgumentException("eval set " + file + ": expected a JSON array of samples or an object with a 'data' array");
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
            throw new IllegalArgumentException(where + ": not an eval sample: " + lineProblem(e), e);
        }
    }
}
