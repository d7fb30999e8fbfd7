package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TEST TOOL, not a model: answers from a recorded JSONL file, one {@code {"sample_id": ..., "generated_text": ...}}
 * per line (the format {@code ibench rescore --predictions} reads; other fields are ignored). Used to re-run
 * scoring and harness code on recorded outputs without a model.
 */
public final class ReplayClient implements ModelClient {
    private final Path file;
    private final Map<String, String> answers = new HashMap<>();

    public ReplayClient(Path file) {
        this.file = file;
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty()) {
                    continue;
                }
                JsonNode row = Json.MAPPER.readTree(line);
                if (!row.hasNonNull("sample_id") || !row.has("generated_text")) {
                    throw new IllegalArgumentException("replay file " + file + " line " + (i + 1) + ": needs sample_id and generated_text");
                }
                answers.put(row.get("sample_id").asText(), row.get("generated_text").asText());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read replay file " + file, e);
        }
    }

    @Override
    public String endpoint() {
        return "replay:" + file.getFileName();
    }

    @Override
    public boolean cacheable() {
        return false;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        String text = answers.get(request.sampleId());
        if (text == null) {
            throw ModelCallException.of(ErrorKind.NOT_FOUND, endpoint(), "no recorded answer for sample '" + request.sampleId() + "'");
        }
        return new ModelResponse(text, List.of(), "stop", 0, 0, 0);
    }
}
