package dev.ibench.activities.llm.admission;

/**
 * Where an endpoint's send times are reserved: in the results store, shared by every worker of the store
 * ({@code dev.ibench.activities.limits.StoreSendSlots}), or in this process only ({@link ProcessSendSlots}).
 */
public interface SendSlots {
    /** Reserves {@code endpoint}'s next send time for one request; returns how long to wait before sending it (microseconds, 0 or more). */
    long reserve(String endpoint, SlotRequest request);

    /** No request to {@code endpoint} starts within the next {@code micros} (the endpoint answered 429 with {@code Retry-After}). */
    void holdOff(String endpoint, long micros);
}
