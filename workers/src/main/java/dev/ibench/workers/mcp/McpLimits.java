package dev.ibench.workers.mcp;

import java.time.Duration;

/**
 * Limits of the MCP tool server. {@code maxRequestBytes}: one JSON-RPC message (transport level, refused before
 * parsing); {@code maxArgumentChars}: a call's arguments as JSON (a tool error beyond it); {@code maxCallsPerSample}:
 * tool calls after one {@code start_sample} (a sequence that would run forever ends in tool errors);
 * {@code callTimeout}: one call's running time (a tool error, and the session's sample is closed);
 * {@code maxAnswerChars}: one tool answer, its text plus its structured content as JSON (a tool error naming both
 * sizes beyond it, instead of the answer).
 */
public record McpLimits(int maxRequestBytes, int maxArgumentChars, int maxCallsPerSample, Duration callTimeout, int maxAnswerChars) {
    public static final int DEFAULT_MAX_ANSWER_CHARS = 1024 * 1024;
    public static final McpLimits DEFAULT = new McpLimits(1024 * 1024, 16 * 1024, 200, Duration.ofSeconds(30), DEFAULT_MAX_ANSWER_CHARS);

    public McpLimits {
        if (maxRequestBytes < 1024) throw new IllegalArgumentException("max request size must be at least 1024 bytes, got " + maxRequestBytes);
        if (maxArgumentChars < 1) throw new IllegalArgumentException("max argument size must be positive, got " + maxArgumentChars);
        if (maxCallsPerSample < 1) throw new IllegalArgumentException("max calls per sample must be positive, got " + maxCallsPerSample);
        if (callTimeout.isNegative() || callTimeout.isZero()) throw new IllegalArgumentException("call timeout must be positive, got " + callTimeout);
        if (maxAnswerChars < 1024) throw new IllegalArgumentException("--max-answer-chars must be at least 1024, got " + maxAnswerChars);
    }

    /** The limits with the default answer size. */
    public McpLimits(int maxRequestBytes, int maxArgumentChars, int maxCallsPerSample, Duration callTimeout) {
        this(maxRequestBytes, maxArgumentChars, maxCallsPerSample, callTimeout, DEFAULT_MAX_ANSWER_CHARS);
    }
}
