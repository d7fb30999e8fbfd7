package dev.ibench.activities.campaign;

import dev.ibench.activities.store.ResultsStore;
import java.util.Map;
import java.util.Set;

/**
 * The sample ids of a batch's items and which of them have a stored output, read with two queries when the batch
 * starts instead of two per item; a retried batch skips the items stored before (by its earlier attempt or any other).
 */
final class BatchItems {
    private final ItemBatch batch;
    private final Map<Integer, String> sampleIds;
    private final Set<String> stored;

    private BatchItems(ItemBatch batch, Map<Integer, String> sampleIds, Set<String> stored) {
        this.batch = batch;
        this.sampleIds = sampleIds;
        this.stored = stored;
    }

    static BatchItems read(ResultsStore store, ItemBatch batch) {
        int first = batch.item(batch.fromIndex()).position();
        int end = batch.item(batch.fromIndex() + batch.count() - 1).position() + 1;
        return new BatchItems(batch, store.sampleIdsBetween(batch.cellId(), first, end),
                store.storedModelCallsBetween(batch.cellId(), first, end));
    }

    /** The item's sample id; an item past the cell's samples fails as it would alone ({@link CampaignPlanningActivitiesImpl#sampleIdOf}). */
    String sampleId(int index) {
        WorkItem item = batch.item(index);
        String id = sampleIds.get(item.position());
        if (id == null) {
            throw CampaignPlanningActivitiesImpl.unknownSample(item);
        }
        return id;
    }

    /** Whether the item's model output was stored when the batch started. */
    boolean stored(int index) {
        return stored.contains(ResultsStore.storedCallKey(sampleId(index), batch.item(index).trial()));
    }
}
