package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.ErrorKind;
import java.util.Set;

/**
 * ApplicationFailure types the campaign activities raise. An endpoint rejection (401/403/404: bad key,
 * unknown model) stops the whole cell at once; a sample rejection (400, context too long) affects only
 * its item, which is recorded as rejected (not a model failure, not re-run by retry-errors).
 */
public final class FailureTypes {
    public static final String ENDPOINT_REJECTED = "ModelEndpointRejected";
    public static final String SAMPLE_REJECTED = "ModelSampleRejected";
    public static final String CELL_STOPPED = "CellStopped";

    private static final Set<ErrorKind> ENDPOINT_REJECTIONS =
            Set.of(ErrorKind.UNAUTHORIZED, ErrorKind.FORBIDDEN, ErrorKind.NOT_FOUND, ErrorKind.CONFIGURATION);
    private static final Set<ErrorKind> SAMPLE_REJECTIONS =
            Set.of(ErrorKind.BAD_REQUEST, ErrorKind.CONTEXT_LENGTH, ErrorKind.UNSUPPORTED);

    private FailureTypes() {}

    /** The endpoint refuses every request (bad key, unknown model, broken configuration): stop, do not retry. */
    public static boolean endpointRejection(ErrorKind kind) {
        return ENDPOINT_REJECTIONS.contains(kind);
    }

    /** The endpoint refuses this request (too long, malformed for it): retrying the same request cannot help. */
    public static boolean sampleRejection(ErrorKind kind) {
        return SAMPLE_REJECTIONS.contains(kind);
    }
}
