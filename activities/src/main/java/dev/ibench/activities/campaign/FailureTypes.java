package dev.ibench.activities.campaign;

/**
 * ApplicationFailure types the campaign activities raise. An endpoint rejection (401/403/404: bad key,
 * unknown model) stops the whole cell at once; a sample rejection (400, context too long) affects only
 * its item, which is recorded as infra_error.
 */
public final class FailureTypes {
    public static final String ENDPOINT_REJECTED = "ModelEndpointRejected";
    public static final String SAMPLE_REJECTED = "ModelSampleRejected";
    public static final String CELL_STOPPED = "CellStopped";

    private FailureTypes() {}
}
