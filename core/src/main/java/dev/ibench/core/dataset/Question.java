package dev.ibench.core.dataset;

/**
 * One NL2SQL question. {@code problem} is non-null when the question itself is malformed
 * (e.g. undecodable text) and names the problem; such questions are counted, never built.
 */
public record Question(String id, String dbId, String text, String evidence, String sql, String difficulty, String problem) {}
