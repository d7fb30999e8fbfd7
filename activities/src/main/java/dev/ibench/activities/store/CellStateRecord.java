package dev.ibench.activities.store;

/**
 * The state a cell's workflow recorded (table {@code cell_states}): {@link #COMPLETED}, {@link #STOPPED} with the reason
 * (an endpoint that rejects us, or more rejected items than {@code max_rejected_share} allows), {@link #PAUSED},
 * {@link #RUNNING} (resumed) or {@link #CANCELLED}. {@code reason} is null but for a stopped cell.
 */
public record CellStateRecord(String cellId, String state, String reason) {
    public static final String COMPLETED = "completed";
    public static final String STOPPED = "stopped";
    public static final String PAUSED = "paused";
    public static final String RUNNING = "running";
    public static final String CANCELLED = "cancelled";
}
