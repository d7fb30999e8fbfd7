package dev.ibench.activities.report;

import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.report.SampleRow;
import java.util.List;
import java.util.function.Function;

/**
 * The rendered prompts an exported item sent, from the results store: a ReACT item's prompt of every step in order
 * ({@code react_step_prompts}), any other item's one prompt ({@code rendered_prompts}); none when nothing was stored.
 */
public final class StoredPrompts implements Function<SampleRow, List<String>> {
    private static final String REACT = "react";

    private final ResultsStore store;

    public StoredPrompts(ResultsStore store) {
        this.store = store;
    }

    @Override
    public List<String> apply(SampleRow row) {
        if (REACT.equals(row.mode())) {
            return store.stepPrompts(row.cellId(), row.sampleId(), row.trial());
        }
        return store.prompt(row.cellId(), row.sampleId(), row.trial()).map(List::of).orElse(List.of());
    }
}
