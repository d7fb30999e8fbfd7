package dev.ibench.activities.campaign;

/**
 * A planned cell as the campaign workflow sees it: ids, names and sizes, no payloads. {@code maxRejectedShare}
 * is the campaign's {@code max_rejected_share}; null in plans recorded before it existed (no limit then).
 * {@code noWorkerCheckSeconds} is the campaign's {@code no_worker_check_seconds}; null in plans recorded before it
 * existed (the default then).
 */
public record CellPlanEntry(
        String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials, String llmTaskQueue,
        Double maxRejectedShare, Integer noWorkerCheckSeconds) {

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, null);
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, null);
    }

    public int workItems() {
        return samples * trials;
    }
}
