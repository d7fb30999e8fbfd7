package dev.ibench.activities.nestful;

import java.time.Duration;

/** Limits of one sandboxed sequence run: wall clock per call and per sequence, address space of the process. */
public record SandboxLimits(Duration perCall, Duration perSequence, int memoryMb) {
    public static final SandboxLimits DEFAULT = new SandboxLimits(Duration.ofSeconds(5), Duration.ofSeconds(20), 1024);

    public SandboxLimits {
        if (perCall.isNegative() || perCall.isZero() || perSequence.compareTo(perCall) < 0 || memoryMb < 64) {
            throw new IllegalArgumentException("sandbox limits: per-call > 0, per-sequence >= per-call, memory >= 64 MB");
        }
    }

    /** CPU seconds the process may use: the sequence's wall-clock limit, rounded up. */
    int cpuSeconds() {
        return (int) Math.max(1, (perSequence.toMillis() + 999) / 1000);
    }
}
