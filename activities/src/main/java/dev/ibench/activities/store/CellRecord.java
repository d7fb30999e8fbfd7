package dev.ibench.activities.store;

/** A stored campaign cell: which model runs which eval-set file in which mode, and how many trials. */
public record CellRecord(
        String cellId, String campaignId, String model, String benchmark, String mode, String ablation, String evalSet, int trials) {}
