package dev.ibench.activities.artifact;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JSON values of an eval-set or endpoints file: one document, or one per line (JSON Lines eval sets). The
 * {@code database_path} scans and rewrites stream the tokens instead of building a tree: an eval set of thousands of
 * samples is tens of MB, and the tree cost a campaign's start and its planning a few hundred ms each.
 */
final class JsonDocuments {
    private static final String DATABASE_PATH = "database_path";

    private JsonDocuments() {}

    /** Whether a file is one whose {@code database_path}s travel (by its name: .json or .jsonl). */
    static boolean isJson(String name) {
        return name.endsWith(".json") || name.endsWith(".jsonl");
    }

    /** One document's text {@code database_path}s in document order, and its root object's text {@code data_root} (or null). */
    record DatabasePaths(List<String> paths, String dataRoot) {}

    /**
     * The {@code database_path}s of each document, as {@code JsonNode.findValues} finds them (any depth; a non-text
     * value is skipped with everything inside it).
     */
    static List<DatabasePaths> databasePaths(Path file) throws IOException {
        List<DatabasePaths> documents = new ArrayList<>();
        try (JsonParser p = Json.MAPPER.getFactory().createParser(file.toFile())) {
            for (JsonToken root; (root = p.nextToken()) != null; ) {
                List<String> paths = new ArrayList<>();
                String dataRoot = null;
                if (root.isStructStart()) {
                    int depth = 1;
                    while (depth > 0) {
                        JsonToken t = p.nextToken();
                        if (t == null) {
                            throw new IOException("unexpected end of " + file);
                        }
                        if (t.isStructStart()) {
                            depth++;
                        } else if (t.isStructEnd()) {
                            depth--;
                        } else if (t == JsonToken.FIELD_NAME) {
                            String name = p.currentName();
                            JsonToken value = p.nextToken();
                            if (DATABASE_PATH.equals(name) && value == JsonToken.VALUE_STRING) {
                                paths.add(p.getText());
                            } else if (DATABASE_PATH.equals(name)) {
                                p.skipChildren();
                            } else if (depth == 1 && root == JsonToken.START_OBJECT && "data_root".equals(name)
                                    && value == JsonToken.VALUE_STRING) {
                                dataRoot = p.getText();
                            } else if (value.isStructStart()) {
                                depth++;
                            }
                        }
                    }
                }
                documents.add(new DatabasePaths(paths, dataRoot));
            }
        }
        return documents;
    }

    /**
     * Copies {@code from} to {@code to} with every text {@code database_path} that {@code replacements} names replaced
     * by its value; one document per line.
     */
    static void copyReplacingDatabasePaths(Path from, Path to, Map<String, String> replacements) throws IOException {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(from.toFile());
             OutputStream out = Files.newOutputStream(to);
             JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out)) {
            g.setRootValueSeparator(new SerializedString("\n"));
            boolean databasePathValue = false;
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                if (databasePathValue && t == JsonToken.VALUE_STRING && replacements.containsKey(p.getText())) {
                    g.writeString(replacements.get(p.getText()));
                } else {
                    g.copyCurrentEventExact(p);
                }
                databasePathValue = t == JsonToken.FIELD_NAME && DATABASE_PATH.equals(p.currentName());
            }
            g.writeRaw('\n');
        }
    }
}
