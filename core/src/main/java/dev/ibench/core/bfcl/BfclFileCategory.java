package dev.ibench.core.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * BFCL names each test by its category ({@code simple_0}, {@code live_parallel_multiple_3-1-0}); a file whose ids name
 * another category than {@code --category} was given the wrong one, and importing it would judge every row by the
 * wrong rules (a {@code simple} file as 400 {@code multiple} rows).
 */
final class BfclFileCategory {
    /** Longest key first, so {@code parallel_multiple_0} is not taken for {@code parallel}. */
    private static final List<BfclCategory> BY_KEY_LENGTH = Arrays.stream(BfclCategory.values())
            .sorted(Comparator.comparingInt((BfclCategory c) -> c.key().length()).reversed()).toList();

    private BfclFileCategory() {}

    /** The category a BFCL test id names, empty for an id of another shape. */
    static Optional<BfclCategory> ofTestId(String id) {
        return BY_KEY_LENGTH.stream().filter(c -> id.startsWith(c.key() + "_")).findFirst();
    }

    /** @throws IllegalArgumentException naming the first row whose id names another category */
    static void require(Path file, List<String> rows, BfclCategory category) {
        for (int i = 0; i < rows.size(); i++) {
            String id;
            try {
                JsonNode row = rows.get(i).isBlank() ? null : Json.MAPPER.readTree(rows.get(i));
                id = row != null && row.path("id").isTextual() ? row.path("id").asText() : null;
            } catch (IOException e) {
                continue; // reported per row by the importer
            }
            Optional<BfclCategory> named = id == null ? Optional.empty() : ofTestId(id);
            if (named.isPresent() && named.get() != category) {
                throw new IllegalArgumentException("BFCL test file " + file + " line " + (i + 1) + ": id '" + id + "' is a BFCL "
                        + named.get().key() + " test, not " + category.key() + "; import the file with --category " + named.get().key());
            }
        }
    }
}
