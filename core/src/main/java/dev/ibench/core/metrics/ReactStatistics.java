package dev.ibench.core.metrics;

/**
 * ReACT statistics over samples (seed 000 section 4.3, Table 2, appendix H.1.2). Rates are fractions of all samples;
 * OOB and Stuck overlap, Unclassified is a failure that is neither.
 */
public record ReactStatistics(int samples, double completionRate, double averageLoops, double outOfBudget, double stuck,
        double unclassified) {}
