package dev.ibench.activities.rest;

/**
 * The small answer of a generation or execution step: whether it succeeded, who produced the endpoint
 * ({@code deterministic} or {@code llm:<profile>}), and on failure the reason key and a short detail. The full
 * record (endpoint spec, response rows) stays in the {@link RestWorkStore}.
 */
public record RestStepOutcome(boolean ok, String producer, String reason, String detail) {
    static final int MAX_DETAIL = 300;

    public static RestStepOutcome success(String producer) {
        return new RestStepOutcome(true, producer, null, null);
    }

    public static RestStepOutcome failure(String producer, String reason, String detail) {
        String d = detail == null ? null : detail.length() > MAX_DETAIL ? detail.substring(0, MAX_DETAIL) + "..." : detail;
        return new RestStepOutcome(false, producer, reason, d);
    }
}
