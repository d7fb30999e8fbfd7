package dev.ibench.core.rest;

/**
 * Outcome of executing a candidate endpoint with the question's own arguments and judging it against the gold
 * rows: {@code reason} is null when verified, else the coverage reason ({@code endpoint_error},
 * {@code answer_mismatch}); {@code endpoint} carries the response columns seen on execution.
 */
public record EndpointVerification(GeneratedEndpoint endpoint, EndpointResult result, JudgeVerdict verdict, String reason, String detail) {
    public boolean verified() {
        return reason == null;
    }
}
