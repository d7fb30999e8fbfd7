package dev.ibench.core.campaign;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.nio.file.Path;
import java.util.Collection;

/**
 * A YAML or mapping error of a campaign file as a user reads it: {@code FILE line N: KEY: problem}, where KEY is the
 * path of the key ({@code models[0].concurrency}) and the problem names the expected type instead of a Java class.
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
        String key = e instanceof JsonMappingException m ? keyPath(m) : "";
        if (!key.isEmpty()) {
            out.append(key).append(": ");
        }
        if (e instanceof InvalidFormatException f) {
            out.append("'").append(f.getValue()).append("' is not ").append(typeName(f.getTargetType()));
        } else if (e instanceof MismatchedInputException m && m.getTargetType() != null && Collection.class.isAssignableFrom(m.getTargetType())) {
            out.append("a list is expected here: write [a, b] or one '- a' line per item");
        } else if (causedBy(e, StreamConstraintsException.class)) {
            out.append("a value longer than this reader accepts (numbers up to 1,000 digits, text up to 20 million characters)");
        } else {
            String message = e.getOriginalMessage();
            out.append(message.startsWith("Duplicate field") ? "given twice (" + message + "); keep one" : message);
        }
        return out.toString();
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String keyPath(JsonMappingException e) {
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
