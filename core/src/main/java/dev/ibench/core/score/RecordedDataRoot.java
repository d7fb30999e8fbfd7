package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The folder an eval set's {@code database_path}s resolve against, as its builder recorded it ({@code data_root} of
 * the file's top-level object, docs/exchange-format.md). A relative root was relative to the folder the build ran in,
 * which a later command may not share, so it is looked for there, then beside the eval set and in each folder above
 * it; the first place that holds the samples' first database wins.
 */
public final class RecordedDataRoot {
    private RecordedDataRoot() {}

    /** The located data root, or empty when the file records none or no candidate holds its database. */
    public static Optional<Path> locate(Path evalSet, List<EvalSample> samples) {
        Optional<String> recorded = recorded(evalSet);
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        Path root = Path.of(recorded.get());
        List<Path> candidates = new ArrayList<>();
        if (root.isAbsolute()) {
            candidates.add(root);
        } else {
            candidates.add(root.toAbsolutePath());
            for (Path folder = evalSet.toAbsolutePath().getParent(); folder != null; folder = folder.getParent()) {
                candidates.add(folder.resolve(root));
            }
        }
        Optional<String> database = samples.stream().map(RecordedDataRoot::databasePath).filter(p -> p != null).findFirst();
        return candidates.stream().map(Path::normalize)
                .filter(c -> database.isPresent() ? Files.isRegularFile(c.resolve(database.get())) : Files.isDirectory(c))
                .findFirst();
    }

    private static String databasePath(EvalSample sample) {
        return sample.initializationStep() != null && sample.initializationStep().get("database_path") instanceof String p ? p : null;
    }

    /** The {@code data_root} field of the file's top-level object, if it has one. */
    static Optional<String> recorded(Path evalSet) {
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(evalSet.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("data_root") && value == JsonToken.VALUE_STRING) {
                    return Optional.of(parser.getText());
                }
                parser.skipChildren();
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
