package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonInputProblem;
import dev.ibench.core.json.TextFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a predictions file, one {@code {sample_id, generated_text}} JSON object per line, or a bfcl-eval result file
 * (one {@code {id, result}} line per entry, as its {@code generate} writes them; a result that is not a string, a
 * multi-turn entry's turns, is a bad line). A bad line is reported (file and line number) and skipped; the other lines
 * are still read. A missing file is an error.
 */
public final class PredictionsReader {
    private PredictionsReader() {}

    /** The readable predictions and one message per skipped line. */
    public record Result(List<Prediction> predictions, List<String> problems) {}

    public static Result read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("predictions " + file + ": " + TextFiles.whyNotAFile(file));
        }
        List<String> lines = TextFiles.read(file, "predictions file").lines().toList();
        List<Prediction> predictions = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            int lineNumber = i + 1;
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(line);
            } catch (JsonProcessingException e) {
                problems.add(file + " line " + lineNumber + ": " + JsonInputProblem.describe(e, false));
                continue;
            }
            boolean bfclResult = node != null && node.isObject() && node.get("sample_id") == null && node.hasNonNull("id") && node.has("result");
            String idField = bfclResult ? "id" : "sample_id";
            String textField = bfclResult ? "result" : "generated_text";
            if (node == null || !node.isObject() || node.get(idField) == null || node.get(idField).isNull()) {
                problems.add(file + " line " + lineNumber + ": expected an object with sample_id and generated_text (or bfcl-eval's id and result)");
                continue;
            }
            JsonNode text = node.get(textField);
            if (text == null || !(text.isTextual() || text.isNull())) {
                problems.add(file + " line " + lineNumber + ": " + textField + " is missing or not a string");
                continue;
            }
            String id = node.get(idField).asText();
            if (!seen.add(id)) {
                problems.add(file + " line " + lineNumber + ": duplicate sample_id " + id + " (first one kept)");
                continue;
            }
            predictions.add(new Prediction(id, text.isNull() ? "" : text.asText(), lineNumber));
        }
        return new Result(predictions, problems);
    }
}
