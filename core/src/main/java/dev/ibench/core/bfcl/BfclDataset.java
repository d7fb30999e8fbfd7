package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads BFCL test files and possible-answer files (JSON Lines despite the {@code .json} ending). */
public final class BfclDataset {
    private BfclDataset() {}

    public static List<BfclTestCase> readTests(Path file) {
        List<BfclTestCase> cases = new ArrayList<>();
        forEachLine(file, (row, line) -> {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> functions = (List<Map<String, Object>>) row.get("function");
            cases.add(new BfclTestCase(String.valueOf(row.get("id")), functions));
        });
        return cases;
    }

    public static List<BfclPossibleAnswer> readAnswers(Path file) {
        List<BfclPossibleAnswer> answers = new ArrayList<>();
        forEachLine(file, (row, line) -> answers.add(new BfclPossibleAnswer(String.valueOf(row.get("id")),
                Json.MAPPER.convertValue(row.get("ground_truth"), new TypeReference<>() {}))));
        return answers;
    }

    private interface RowConsumer {
        void accept(Map<String, Object> row, int line);
    }

    private static void forEachLine(Path file, RowConsumer consumer) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read BFCL file " + file, e);
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                consumer.accept(Json.MAPPER.readValue(lines.get(i), new TypeReference<Map<String, Object>>() {}), i + 1);
            } catch (IOException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": not a JSON object: " + e.getMessage(), e);
            }
        }
    }
}
