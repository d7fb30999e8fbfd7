package dev.ibench.core.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a data file written either as JSON Lines or as one JSON array, as text, one per row; element {@code i} is
 * line (or array element) {@code i + 1}, so importers can name the row a problem is in. Blank lines stay as blank rows.
 */
public final class JsonRows {
    private JsonRows() {}

    /** @param kind what the file is, for error messages ("NESTful file", "BFCL test file") */
    public static List<String> read(String kind, Path file) {
        String text = TextFiles.read(file, kind);
        String trimmed = text.strip();
        if (!trimmed.startsWith("[")) {
            return List.of(text.split("\\R", -1));
        }
        try {
            List<String> rows = new ArrayList<>();
            for (JsonNode item : Json.MAPPER.readTree(trimmed)) {
                rows.add(Json.MAPPER.writeValueAsString(item));
            }
            return rows;
        } catch (IOException e) {
            throw new IllegalArgumentException(kind + " " + file + ": not a JSON array nor JSON Lines: " + e.getMessage(), e);
        }
    }
}
