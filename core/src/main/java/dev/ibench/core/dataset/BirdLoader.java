package dev.ibench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * BIRD layout: {@code dev.json} ({@code question_id, db_id, question, evidence, SQL, difficulty}),
 * {@code dev_databases/<db>/<db>.sqlite} and {@code dev_databases/<db>/database_description/<table>.csv}.
 */
public final class BirdLoader implements DatasetLoader {
    @Override
    public Dataset load(Path root, List<String> dbIds, Path dataRoot) throws IOException {
        Path questionsFile = Files.exists(root.resolve("dev.json")) ? root.resolve("dev.json") : root.resolve("questions.json");
        List<JsonNode> raw = QuestionFileReader.read(questionsFile);
        Set<String> wanted = new LinkedHashSet<>(dbIds);
        if (wanted.isEmpty()) wanted.addAll(databaseDirs(root.resolve("dev_databases")));
        List<Question> questions = new ArrayList<>();
        int index = 0;
        for (JsonNode n : raw) {
            String db = QuestionFileReader.text(n, "db_id");
            String qid = n.has("question_id") ? n.get("question_id").asText() : String.valueOf(index);
            index++;
            if (db == null || !wanted.contains(db)) continue;
            String text = QuestionFileReader.text(n, "question");
            String sql = QuestionFileReader.text(n, "SQL");
            String evidence = QuestionFileReader.text(n, "evidence");
            questions.add(new Question(qid, db, text, evidence, sql, QuestionFileReader.text(n, "difficulty"),
                    QuestionFileReader.encodingProblem(text, sql, evidence)));
        }
        List<DatabaseEntry> dbs = new ArrayList<>();
        for (String db : wanted) {
            Path dir = root.resolve("dev_databases").resolve(db);
            Path sqlite = dir.resolve(db + ".sqlite");
            List<String> warnings = new ArrayList<>();
            Map<String, Map<String, String>> descriptions = readDescriptions(dir.resolve("database_description"), warnings);
            dbs.add(new DatabaseEntry(db, Files.isRegularFile(sqlite) ? sqlite : null,
                    DatasetLoader.portablePath(sqlite, dataRoot), descriptions, warnings));
        }
        return new Dataset("bird", dbs, questions);
    }

    static Set<String> databaseDirs(Path dir) throws IOException {
        Set<String> out = new TreeSet<>();
        if (!Files.isDirectory(dir)) return out;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (Files.isDirectory(p)) out.add(p.getFileName().toString());
            }
        }
        return out;
    }

    /** Reads every description CSV; unreadable files become warnings and their columns fall back to column names. */
    static Map<String, Map<String, String>> readDescriptions(Path dir, List<String> warnings) throws IOException {
        Map<String, Map<String, String>> out = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            warnings.add("no database_description folder: descriptions fall back to column names");
            return out;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.csv")) {
            for (Path csv : ds) {
                String table = csv.getFileName().toString().replaceFirst("(?i)\\.csv$", "").toLowerCase(Locale.ROOT);
                try {
                    out.put(table, readDescriptionCsv(csv, warnings));
                } catch (CsvReader.MalformedCsvException e) {
                    warnings.add("corrupt description CSV " + csv.getFileName() + " (" + e.getMessage() + "): its columns fall back to column names");
                }
            }
        }
        return out;
    }

    static Map<String, String> readDescriptionCsv(Path csv, List<String> warnings) throws IOException, CsvReader.MalformedCsvException {
        TextDecoder.Decoded decoded = TextDecoder.decode(Files.readAllBytes(csv));
        if (!decoded.charset().equals("UTF-8")) {
            warnings.add("description CSV " + csv.getFileName() + " is not UTF-8; decoded as " + decoded.charset());
        }
        List<List<String>> rows = CsvReader.parse(decoded.text());
        if (rows.isEmpty()) throw new CsvReader.MalformedCsvException("empty file");
        List<String> header = rows.get(0).stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).toList();
        int original = header.indexOf("original_column_name");
        int name = header.indexOf("column_name");
        int description = header.indexOf("column_description");
        if (original < 0) throw new CsvReader.MalformedCsvException("no original_column_name header");
        Map<String, String> out = new HashMap<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.size() <= original) continue;
            String col = row.get(original).trim();
            String d = description >= 0 && row.size() > description ? row.get(description).trim() : "";
            if (d.isEmpty() && name >= 0 && row.size() > name) d = row.get(name).trim();
            out.put(col.toLowerCase(Locale.ROOT), d.replaceAll("\\s+", " "));
        }
        return out;
    }
}
