package dev.ibench.activities.artifact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The JSON values of an eval-set or endpoints file: one document, or one per line (JSON Lines eval sets). */
final class JsonDocuments {
    private JsonDocuments() {}

    /** Whether a file is one whose {@code database_path}s travel (by its name: .json or .jsonl). */
    static boolean isJson(String name) {
        return name.endsWith(".json") || name.endsWith(".jsonl");
    }

    static List<JsonNode> read(Path file) throws IOException {
        try (MappingIterator<JsonNode> values = Json.MAPPER.readerFor(JsonNode.class).readValues(file.toFile())) {
            return values.readAll();
        }
    }

    /** Writes one value as a document, several as JSON Lines, as {@link #read} found them. */
    static void write(Path file, List<JsonNode> values) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (JsonNode value : values) {
                out.write(Json.MAPPER.writeValueAsString(value));
                out.write('\n');
            }
        }
    }
}
