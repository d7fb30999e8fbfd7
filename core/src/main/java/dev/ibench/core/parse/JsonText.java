package dev.ibench.core.parse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Optional;

/** Reads one complete JSON value from a string (nothing but whitespace may follow); lenient about NaN and control characters. */
final class JsonText {
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private JsonText() {}

    /** Like {@link #read} but only an array or object counts (a bare number or string in prose is not a tool call). */
    static Optional<Object> readStructure(String text) {
        return read(text).filter(v -> v instanceof java.util.List<?> || v instanceof java.util.Map<?, ?>);
    }

    /** As {@link #readStructure(String)}, for {@code length} chars of {@code chars} from {@code offset}, without copying them. */
    static Optional<Object> readStructure(char[] chars, int offset, int length) {
        try (JsonParser parser = LENIENT.createParser(chars, offset, length)) {
            Object value = LENIENT.readValue(parser, Object.class);
            if (parser.nextToken() != null) {
                return Optional.empty();
            }
            return Optional.ofNullable(value).filter(v -> v instanceof java.util.List<?> || v instanceof java.util.Map<?, ?>);
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /**
     * As {@link #read}, but only for a text that starts like a JSON value ({@code {}, {@code [}, a quote, a number,
     * {@code true}, {@code false}): prose is not handed to the JSON reader, whose failure (an exception) costs far more
     * than this check when a stage reads many values.
     */
    static Optional<Object> readIfJsonLike(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            return Optional.empty();
        }
        char c = t.charAt(0);
        boolean like = c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || t.equals("true") || t.equals("false");
        return like ? read(t) : Optional.empty();
    }

    static Optional<Object> read(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try (JsonParser parser = LENIENT.createParser(text.strip())) {
            Object value = LENIENT.readValue(parser, Object.class);
            if (parser.nextToken() != null) {
                return Optional.empty();
            }
            return Optional.ofNullable(value);
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** A JSON value read from the start of a span, and how many characters it took (what follows is not read). */
    record Leading(Object value, int length) {}

    /** The JSON object or array that starts at {@code offset} of {@code chars} (after whitespace), else empty. */
    static Optional<Leading> readLeadingStructure(char[] chars, int offset) {
        try (JsonParser parser = LENIENT.createParser(chars, offset, chars.length - offset)) {
            Object value = LENIENT.readValue(parser, Object.class);
            if (!(value instanceof java.util.List<?> || value instanceof java.util.Map<?, ?>)) {
                return Optional.empty();
            }
            return Optional.of(new Leading(value, (int) parser.currentLocation().getCharOffset()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
