package dev.ibench.activities.campaign;

import dev.ibench.core.campaign.BatchSettings;

/**
 * A planned cell as the campaign workflow sees it: ids, names and sizes, no payloads. {@code maxRejectedShare}
 * is the campaign's {@code max_rejected_share}; null in plans recorded before it existed (no limit then).
 * {@code noWorkerCheckSeconds} is the campaign's {@code no_worker_check_seconds}; null in plans recorded before it
 * existed (the default then). {@code minSettledBeforeStop} is the campaign's {@code min_settled_before_stop} and
 * {@code sqlQueryTimeoutSeconds} its {@code sql_query_timeout_seconds}; both null in plans recorded before they existed
 * ({@link #minSettled()} and {@link #sqlQueryTimeout()} give the defaults then). {@code multiTurnStepsPerTurn} is set for a
 * cell whose eval set is a BFCL multi-turn set (each entry runs as a conversation with that step limit per turn); null
 * for every other cell and in plans recorded before multi-turn cells existed. {@code batch} holds the model's batch settings
 * when its entry says {@code batch: true} (docs/batch.md); null otherwise and in plans recorded before it.
 * {@code memoryScenarios} names, for a cell whose eval set is a BFCL memory set (a multi-turn cell whose questions run
 * after their scenario's prerequisite conversations), the scenarios of its questions; null for every other cell and in
 * plans recorded before memory cells existed.
 */
public record CellPlanEntry(
        String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials, String llmTaskQueue,
        Double maxRejectedShare, Integer noWorkerCheckSeconds, Integer minSettledBeforeStop, Integer sqlQueryTimeoutSeconds,
        Integer multiTurnStepsPerTurn, BatchSettings batch, java.util.List<String> memoryScenarios) {

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare, Integer noWorkerCheckSeconds, Integer minSettledBeforeStop,
            Integer sqlQueryTimeoutSeconds, Integer multiTurnStepsPerTurn, BatchSettings batch) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, noWorkerCheckSeconds,
                minSettledBeforeStop, sqlQueryTimeoutSeconds, multiTurnStepsPerTurn, batch, null);
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare, Integer noWorkerCheckSeconds, Integer minSettledBeforeStop,
            Integer sqlQueryTimeoutSeconds, Integer multiTurnStepsPerTurn) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, noWorkerCheckSeconds,
                minSettledBeforeStop, sqlQueryTimeoutSeconds, multiTurnStepsPerTurn, null);
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare, Integer noWorkerCheckSeconds, Integer minSettledBeforeStop,
            Integer sqlQueryTimeoutSeconds) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, noWorkerCheckSeconds,
                minSettledBeforeStop, sqlQueryTimeoutSeconds, null);
    }

    /** Whether the cell runs BFCL multi-turn conversations. */
    public boolean multiTurn() {
        return multiTurnStepsPerTurn != null;
    }

    /** Whether the cell's conversations are BFCL memory questions, run after their scenarios' prerequisite conversations. */
    public boolean memory() {
        return memoryScenarios != null;
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare, Integer noWorkerCheckSeconds) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, noWorkerCheckSeconds, null, null);
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, null);
    }

    public CellPlanEntry(String cellId, String model, String benchmark, String mode, String ablation, int samples, int trials,
            String llmTaskQueue, Double maxRejectedShare) {
        this(cellId, model, benchmark, mode, ablation, samples, trials, llmTaskQueue, maxRejectedShare, null);
    }

    public int minSettled() {
        return minSettledBeforeStop == null ? dev.ibench.core.campaign.CampaignSpec.DEFAULT_MIN_SETTLED_BEFORE_STOP : minSettledBeforeStop;
    }

    public java.time.Duration sqlQueryTimeout() {
        return java.time.Duration.ofSeconds(sqlQueryTimeoutSeconds == null
                ? dev.ibench.core.campaign.CampaignSpec.DEFAULT_SQL_QUERY_TIMEOUT_SECONDS : sqlQueryTimeoutSeconds);
    }

    public int workItems() {
        return samples * trials;
    }
}
