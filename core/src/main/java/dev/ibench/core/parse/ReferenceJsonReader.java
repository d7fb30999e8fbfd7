package dev.ibench.core.parse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * The reference's {@code get_json_data_with_two_step_parsing} ({@code file_helper.py}). JSON: whichever of {@code [}
 * and {@code {} opens first picks the span (first {@code [} to last {@code ]}, or first {@code {} to last {@code }}),
 * and only that span is read, with Python's {@code json.loads} rules (no control characters in strings; NaN and
 * Infinity allowed); a {@code [} with no {@code ]} after it reads as an empty object; text with a {@code [} but no
 * {@code {} fails. Else JSON Lines: the span from the first {@code {} to the last {@code }} split on a newline (never
 * present: the caller removed them), else on {@code ''}, else on {@code ' '}, every piece read as JSON.
 */
final class ReferenceJsonReader {
    private static final ObjectMapper PYTHON_JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    private static final List<String> LINE_SEPARATORS = List.of("\n", "''", "' '");

    private ReferenceJsonReader() {}

    /** With {@code should_return_list=True}: a single value becomes a one-item list. */
    static Optional<List<Object>> readList(String text) {
        return read(text).map(v -> v instanceof List<?> list ? new ArrayList<Object>(list) : List.of(v));
    }

    /** With {@code should_return_list=False}. */
    static Optional<Object> read(String text) {
        Optional<Object> json = fromText(text);
        return json.isPresent() ? json : jsonLines(text);
    }

    /** {@code get_json_dict_from_txt}: empty where it raises. */
    static Optional<Object> fromText(String text) {
        int list = text.indexOf('[');
        int object = text.indexOf('{');
        if (list == -1 && object == -1) {
            return Optional.empty();
        }
        if (list == -1 || list >= object) {
            int end = text.lastIndexOf('}');
            return object == -1 || object >= end ? Optional.empty() : loads(text.substring(object, end + 1));
        }
        int end = text.lastIndexOf(']');
        return list < end ? loads(text.substring(list, end + 1)) : Optional.of(new LinkedHashMap<String, Object>());
    }

    private static Optional<Object> jsonLines(String text) {
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        if (start == -1 || start >= end) {
            return Optional.empty();
        }
        String span = text.substring(start, end + 1);
        for (String separator : LINE_SEPARATORS) {
            List<Object> lines = new ArrayList<>();
            for (String line : IbmReferenceStage.pythonSplit(span, separator)) {
                Optional<Object> value = fromText(line);
                if (value.isEmpty()) {
                    lines = null;
                    break;
                }
                lines.add(value.get());
            }
            if (lines != null && !lines.isEmpty()) {
                return Optional.of(lines);
            }
        }
        return Optional.empty();
    }

    /** Python's {@code json.loads} on the whole string; empty where it raises (or the value is null). */
    static Optional<Object> loads(String json) {
        try (JsonParser parser = PYTHON_JSON.createParser(json)) {
            Object value = PYTHON_JSON.readValue(parser, Object.class);
            return parser.nextToken() == null ? Optional.ofNullable(value) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
