package dev.ibench.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's read errors as a user reads them: where ({@code line 3, column 7}) and what, in plain words, with the key's
 * path ({@code models[0].concurrency}) for a value of the wrong kind; never Jackson's feature names
 * ({@code JsonReadFeature...}), Java class names or its {@code [Source: ...]} trailer.
 */
public final class JsonInputProblem {
    private static final Pattern NON_STANDARD_TOKEN = Pattern.compile("Non-standard token '([^']*)'");
    private static final Pattern UNEXPECTED_CHARACTER = Pattern.compile("Unexpected character \\(('.*?') \\(code \\d+\\)\\)");

    private JsonInputProblem() {}

    /**
     * {@code not valid JSON at line 3, column 7: NaN is not allowed} for a syntax error, {@code KEY: problem} for a value
     * of the wrong kind. {@code withLine} false: the text was one line the caller already names (a JSON Lines line),
     * only the column is given.
     */
    public static String describe(JsonProcessingException e, boolean withLine) {
        if (e instanceof JsonMappingException m) {
            String key = keyPath(m);
            return (key.isEmpty() ? "" : key + ": ") + problem(e);
        }
        return "not valid JSON" + where(e, withLine) + ": " + problem(e);
    }

    /** The problem alone: what a value or the text got wrong, without the location. */
    public static String problem(JsonProcessingException e) {
        if (e instanceof InvalidFormatException f) {
            return "'" + f.getValue() + "' is not " + typeName(f.getTargetType());
        }
        if (expectsList(e)) {
            return "a list is expected here";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null && Map.class.isAssignableFrom(m.getTargetType())) {
            return "an object is expected here";
        }
        if (causedBy(e, StreamConstraintsException.class)) {
            return "a value longer than this reader accepts (numbers up to 1,000 digits, text up to 20 million characters)";
        }
        return syntaxProblem(String.valueOf(e.getOriginalMessage()));
    }

    /** Whether {@code e} is a single value where a list belongs. */
    public static boolean expectsList(JsonProcessingException e) {
        return e instanceof MismatchedInputException m && m.getTargetType() != null && Collection.class.isAssignableFrom(m.getTargetType());
    }

    private static String syntaxProblem(String message) {
        Matcher token = NON_STANDARD_TOKEN.matcher(message);
        if (token.find()) {
            return token.group(1) + " is not allowed (JSON has no NaN or Infinity; write null or a string)";
        }
        if (message.contains("maybe a (non-standard) comment")) {
            return "comments are not allowed in JSON";
        }
        if (message.contains("was expecting double-quote to start field name")) {
            return "a key must be in double quotes";
        }
        if (leadingZero(message)) {
            return "a number may not start with 0";
        }
        if (message.contains("(''' (code 39))")) {
            return "text must be in double quotes, not single quotes";
        }
        String plain = message.lines().findFirst().orElse("");
        Matcher unexpected = UNEXPECTED_CHARACTER.matcher(plain);
        if (unexpected.find()) {
            plain = unexpected.replaceFirst("unexpected character $1");
        }
        plain = plain.replaceAll(":? ?enable `?JsonReadFeature[^ ]*`? to allow", "")
                .replaceAll(" ?\\([^()]*Feature[^()]*\\)", "")
                .replaceAll("`?java\\.[\\w.$]+(<[^>]*>+)?`?", "value")
                .strip();
        return plain.isEmpty() ? "unreadable" : Character.toLowerCase(plain.charAt(0)) + plain.substring(1);
    }

    private static String where(JsonProcessingException e, boolean withLine) {
        JsonLocation location = e.getLocation();
        if (location == null || location.getLineNr() <= 0) {
            return "";
        }
        int columnNr = location.getColumnNr();
        Matcher token = NON_STANDARD_TOKEN.matcher(String.valueOf(e.getOriginalMessage()));
        if (token.find() && columnNr > token.group(1).length()) {
            columnNr -= token.group(1).length(); // Jackson places it after the token; the user looks for its start
        }
        if (leadingZero(String.valueOf(e.getOriginalMessage())) && columnNr > 1) {
            columnNr--; // Jackson places it just after the leading 0, where the number starts
        }
        String column = columnNr > 0 ? "column " + columnNr : "";
        if (!withLine) {
            return column.isEmpty() ? "" : " at " + column;
        }
        return " at line " + location.getLineNr() + (column.isEmpty() ? "" : ", " + column);
    }

    private static boolean leadingZero(String message) {
        return message.contains("Leading zeroes not allowed") || message.contains("Leading zeros not allowed");
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The path of the key a mapping error is at: {@code models[0].concurrency}; empty when not known. */
    public static String keyPath(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String typeName(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        return "a valid " + type.getSimpleName();
    }
}
