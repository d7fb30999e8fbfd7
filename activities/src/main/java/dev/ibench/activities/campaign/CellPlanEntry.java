package dev.ibench.activities.campaign;

/** A planned cell as the campaign workflow sees it: ids, names and sizes, no payloads. */
public record CellPlanEntry(
        String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials, String llmTaskQueue) {

    public int workItems() {
        return samples * trials;
    }
}
