package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.failure.ModelCallFailures;

/**
 * ApplicationFailure types the campaign activities raise. An endpoint rejection (401/403/404: bad key,
 * unknown model) stops the whole cell at once; a sample rejection (400, context too long) affects only
 * its item, which is recorded as rejected (not a model failure, not re-run by retry-errors).
 */
public final class FailureTypes {
    public static final String ENDPOINT_REJECTED = ModelCallFailures.ENDPOINT_REJECTED;
    public static final String SAMPLE_REJECTED = ModelCallFailures.SAMPLE_REJECTED;
    public static final String CELL_STOPPED = "CellStopped";

    private FailureTypes() {}
}
