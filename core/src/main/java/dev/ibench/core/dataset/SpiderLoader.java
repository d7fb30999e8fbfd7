package dev.ibench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Spider layout: {@code dev.json} ({@code db_id, question, query}), {@code tables.json} (column names
 * give the descriptions) and {@code database/<db>/<db>.sqlite}. Question ids are positions in dev.json.
 */
public final class SpiderLoader implements DatasetLoader {
    @Override
    public Dataset load(Path root, List<String> dbIds, Path dataRoot) throws IOException {
        List<JsonNode> raw = QuestionFileReader.read(root.resolve("dev.json"));
        Set<String> wanted = new LinkedHashSet<>(dbIds);
        if (wanted.isEmpty()) wanted.addAll(BirdLoader.databaseDirs(root.resolve("database")));
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            JsonNode n = raw.get(i);
            String db = QuestionFileReader.text(n, "db_id");
            if (db == null || !wanted.contains(db)) continue;
            String text = QuestionFileReader.text(n, "question");
            String sql = QuestionFileReader.text(n, "query");
            questions.add(new Question(String.valueOf(i), db, text, null, sql, null, QuestionFileReader.encodingProblem(text, sql)));
        }
        Map<String, Map<String, Map<String, String>>> schemaDescriptions = new HashMap<>();
        List<String> tableWarnings = new ArrayList<>();
        Path tables = root.resolve("tables.json");
        if (Files.isRegularFile(tables)) {
            try {
                for (JsonNode db : Json.MAPPER.readTree(Files.readAllBytes(tables))) schemaDescriptions.put(db.get("db_id").asText(), describe(db));
            } catch (IOException | RuntimeException e) {
                tableWarnings.add("unreadable tables.json (" + e.getMessage() + "): descriptions fall back to column names");
            }
        } else {
            tableWarnings.add("no tables.json: descriptions fall back to column names");
        }
        List<DatabaseEntry> dbs = new ArrayList<>();
        for (String db : wanted) {
            Path sqlite = root.resolve("database").resolve(db).resolve(db + ".sqlite");
            dbs.add(new DatabaseEntry(db, Files.isRegularFile(sqlite) ? sqlite : null, DatasetLoader.portablePath(sqlite, dataRoot),
                    schemaDescriptions.getOrDefault(db, Map.of()), tableWarnings));
        }
        return new Dataset("spider", dbs, questions);
    }

    private static Map<String, Map<String, String>> describe(JsonNode db) {
        Map<String, Map<String, String>> out = new HashMap<>();
        JsonNode tableNames = db.get("table_names_original");
        JsonNode original = db.get("column_names_original");
        JsonNode natural = db.get("column_names");
        for (int i = 0; i < original.size(); i++) {
            int t = original.get(i).get(0).asInt();
            if (t < 0) continue;
            String table = tableNames.get(t).asText().toLowerCase(Locale.ROOT);
            out.computeIfAbsent(table, k -> new HashMap<>())
                    .put(original.get(i).get(1).asText().toLowerCase(Locale.ROOT), natural.get(i).get(1).asText());
        }
        return out;
    }
}
