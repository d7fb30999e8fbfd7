package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One JSON value per non-blank line (JSON Lines); every non-blank line must parse. Yields the list of line values. */
public final class JsonLinesStage implements ParseStage {
    @Override
    public String name() {
        return "json_lines";
    }

    @Override
    public Optional<Object> extract(String text) {
        List<Object> values = new ArrayList<>();
        for (String line : text.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            Optional<Object> value = JsonText.readStructure(line);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values.add(value.get());
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(values);
    }
}
