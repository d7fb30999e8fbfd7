package dev.ibench.core.dataset;

import java.util.List;

/** Questions and databases loaded from a BIRD or Spider folder. */
public record Dataset(String source, List<DatabaseEntry> databases, List<Question> questions) {
    public Dataset {
        databases = List.copyOf(databases);
        questions = List.copyOf(questions);
    }
}
