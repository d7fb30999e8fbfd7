package dev.ibench.activities.rest;

/**
 * A judge's decision on one attempt: {@code match}; {@code escalate} when the deterministic judge saw a format
 * difference that only an LLM judge can settle; which judge decided; and a short rationale.
 */
public record RestJudgeOutcome(boolean match, boolean escalate, String judge, String rationale) {}
