package dev.ibench.activities.durability;

/** Heartbeat details of the durability check: the last finished step and the sum so far. */
public record DurabilityCheckpoint(int step, long partialSum) {
    static final DurabilityCheckpoint START = new DurabilityCheckpoint(0, 0L);
}
