package dev.ibench.core.campaign;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Picks the sample ids a cell runs. Deterministic for a given seed, so a resumed or re-planned
 * campaign selects exactly the same samples; without a limit every sample runs in file order.
 */
public final class SampleSelector {
    private SampleSelector() {}

    public static List<String> select(List<String> sampleIds, SampleSelection selection) {
        if (selection.limit() == null || selection.limit() >= sampleIds.size()) {
            return List.copyOf(sampleIds);
        }
        List<String> shuffled = new ArrayList<>(sampleIds);
        Collections.shuffle(shuffled, new Random(selection.seed() == null ? 0L : selection.seed()));
        return List.copyOf(shuffled.subList(0, selection.limit()));
    }
}
