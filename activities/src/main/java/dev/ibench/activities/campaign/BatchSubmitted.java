package dev.ibench.activities.campaign;

import java.util.List;

/**
 * A submitted {@link BatchPart}: the items {@code [fromIndex, fromIndex + itemCount)} it covers, whose unstored items went
 * to the provider as batch {@code batchId} (null when none had to: every item was stored before or answered from the
 * response cache, which counts as a normal call's hit), and the items that could not be prepared.
 */
public record BatchSubmitted(String batchKey, int fromIndex, int itemCount, String batchId, List<ItemFailure> failures) {
    public BatchSubmitted {
        failures = List.copyOf(failures);
    }
}
