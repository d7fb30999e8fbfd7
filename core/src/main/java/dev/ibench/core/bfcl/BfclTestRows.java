package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

    /** Reads one line of a file every line of which must be usable. */
    @FunctionalInterface
    interface LineReader {
        void read(int line, JsonNode row);
    }

    private BfclTestRows() {}

    /**
     * Hands every non-blank line of {@code file} ({@code what} names it in errors) to {@code reader} with its line number;
     * a line that is not JSON is an {@link IllegalArgumentException} naming the file and the line.
     */
    static void eachLine(Path file, String what, LineReader reader) {
        List<String> rows = JsonRows.read(what, file);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).isBlank()) {
                continue;
            }
            JsonNode row;
            try {
                row = Json.MAPPER.readTree(rows.get(i));
            } catch (IOException e) {
                throw new IllegalArgumentException(what + " " + file + " line " + (i + 1) + ": not valid JSON: "
                        + e.getMessage().lines().findFirst().orElse(""), e);
            }
            reader.read(i + 1, row);
        }
    }

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

    /** The possible answers of an agentic category's answer file (memory, web search): per id, its answer texts. */
    static Map<String, List<String>> answerTexts(Path file) {
        Map<String, List<String>> byId = new HashMap<>();
        BfclTestRows.eachLine(file, "BFCL possible-answer file", (line, row) -> {
            if (row.path("ground_truth").isArray()) {
                try {
                    byId.put(row.path("id").asText(), Json.MAPPER.convertValue(row.path("ground_truth"), new TypeReference<List<String>>() {}));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("BFCL possible-answer file " + file + " line " + line + ": not a list of answer texts");
                }
            }
        });
        return byId;
    }

    /** An agentic question's one turn (its messages), or the row's problem as an {@link IllegalArgumentException}. */
    static List<Map<String, Object>> oneTurn(com.fasterxml.jackson.databind.JsonNode row) {
        com.fasterxml.jackson.databind.JsonNode turns = row.path("question");
        if (!turns.isArray() || turns.size() != 1 || !turns.get(0).isArray()) {
            throw new IllegalArgumentException("'question' is not one turn (a list of messages)");
        }
        return Json.MAPPER.convertValue(turns.get(0), new TypeReference<List<Map<String, Object>>>() {});
    }

    /** The possible answers of question {@code id} ({@link #answerTexts}), or the missing answer as a row problem. */
    static List<String> answersOf(Map<String, List<String>> possible, String id) {
        List<String> answers = possible.get(id);
        if (answers == null || answers.isEmpty()) {
            throw new IllegalArgumentException("no possible answer with id '" + id + "'");
        }
        return answers;
    }
}
