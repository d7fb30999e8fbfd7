package dev.ibench.core.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rows of a BFCL test file (JSON Lines), each with a unique {@code id}, handed to a reader; a row that is not JSON,
 * has no id or a duplicate one, or that the reader refuses ({@link IllegalArgumentException}, its message the reason),
 * is left out with its line and why.
 */
final class BfclTestRows {
    /** Reads one row; throws {@link IllegalArgumentException} saying why the row cannot be used. */
    @FunctionalInterface
    interface RowReader {
        void read(JsonNode row, String id);
    }

    private BfclTestRows() {}

    /** Hands every usable row of {@code tests} to {@code reader}; the rows left out. */
    static List<BfclImporter.RejectedRow> read(Path tests, RowReader reader) {
        List<String> rows = JsonRows.read("BFCL test file", tests);
        List<BfclImporter.RejectedRow> rejected = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).isBlank()) {
                continue;
            }
            String id = null;
            try {
                JsonNode row = Json.MAPPER.readTree(rows.get(i));
                id = row.path("id").isValueNode() ? row.path("id").asText() : null;
                if (id == null || id.isBlank()) {
                    throw new IllegalArgumentException("no 'id'");
                }
                if (!ids.add(id)) {
                    throw new IllegalArgumentException("duplicate id '" + id + "'");
                }
                reader.read(row, id);
            } catch (IOException e) {
                rejected.add(new BfclImporter.RejectedRow(i + 1, null, "not valid JSON: " + e.getMessage().lines().findFirst().orElse("")));
            } catch (IllegalArgumentException e) {
                rejected.add(new BfclImporter.RejectedRow(i + 1, id, e.getMessage()));
            }
        }
        return rejected;
    }
}
