package dev.ibench.core.sample;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an eval-set file: a JSON array of samples, or an object whose {@code data} field holds them
 * (the layout of the seed authors' released files). Errors name the file and, for a bad sample, its index.
 */
public final class EvalSetFile {
    private EvalSetFile() {}

    public static List<EvalSample> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": eval-set file not found");
        }
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not valid JSON: " + e.getMessage(), e);
        }
        JsonNode samples = root != null && root.isObject() ? root.get("data") : root;
        if (samples == null || !samples.isArray()) {
            throw new IllegalArgumentException(file + ": expected a JSON array of samples or an object with a 'data' array");
        }
        List<EvalSample> out = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            try {
                out.add(Json.MAPPER.treeToValue(samples.get(i), EvalSample.class));
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ": sample at index " + i + " is malformed: " + e.getMessage(), e);
            }
        }
        return out;
    }
}
