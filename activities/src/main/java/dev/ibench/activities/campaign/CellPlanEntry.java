package dev.ibench.activities.campaign;

/**
 * A planned cell as the campaign workflow sees it: ids, names and sizes, no payloads. {@code maxRejectedShare}
 * is the campaign's {@code max_rejected_share}; null in plans recorded before it existed (no limit then).
 */
public record CellPlanEntry(
        String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials, String llmTaskQueue,
        Double maxRejectedShare) {

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, null);
    }

    public int workItems() {
        return samples * trials;
    }
}
