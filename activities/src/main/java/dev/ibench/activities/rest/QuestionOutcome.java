package dev.ibench.activities.rest;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * How one candidate question ended: the attempt whose endpoint was accepted (0 when none was) and who produced
 * it, or the reason it was discarded. Kept in workflow state, so it holds ids and reason keys only.
 */
public record QuestionOutcome(String questionId, int acceptedAttempt, String producer, String reason) {
    public static QuestionOutcome accepted(String questionId, int attempt, String producer) {
        return new QuestionOutcome(questionId, attempt, producer, null);
    }

    public static QuestionOutcome discarded(String questionId, String reason) {
        return new QuestionOutcome(questionId, 0, null, reason);
    }

    @JsonIgnore
    public boolean isAccepted() {
        return acceptedAttempt > 0;
    }
}
