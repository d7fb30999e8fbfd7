package dev.ibench.workers.mcp;

import java.time.Duration;

/**
 * Limits of the MCP tool server. {@code maxRequestBytes}: one JSON-RPC message (transport level, refused before
 * parsing); {@code maxArgumentChars}: a call's arguments as JSON (a tool error beyond it); {@code maxCallsPerSample}:
 * tool calls after one {@code start_sample} (a sequence that would run forever ends in tool errors);
 * {@code callTimeout}: one call's running time (a tool error, and the session's sample is closed).
 */
public record McpLimits(int maxRequestBytes, int maxArgumentChars, int maxCallsPerSample, Duration callTimeout) {
    public static final McpLimits DEFAULT = new McpLimits(1024 * 1024, 16 * 1024, 200, Duration.ofSeconds(30));

    public McpLimits {
        if (maxRequestBytes < 1024) throw new IllegalArgumentException("max request size must be at least 1024 bytes, got " + maxRequestBytes);
        if (maxArgumentChars < 1) throw new IllegalArgumentException("max argument size must be positive, got " + maxArgumentChars);
        if (maxCallsPerSample < 1) throw new IllegalArgumentException("max calls per sample must be positive, got " + maxCallsPerSample);
        if (callTimeout.isNegative() || callTimeout.isZero()) throw new IllegalArgumentException("call timeout must be positive, got " + callTimeout);
    }
}
