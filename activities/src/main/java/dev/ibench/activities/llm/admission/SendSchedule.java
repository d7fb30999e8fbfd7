package dev.ibench.activities.llm.admission;

/**
 * The arithmetic of an endpoint's send limits, one state per endpoint: {@code nextSendMicros}, the earliest start of the
 * next request under the rate (each request takes the next free start, one interval after the one before, with no
 * bursts), {@code tokenTatMicros}, the token bucket's theoretical arrival time (GCRA): each token costs
 * {@code 60 s / tokens_per_minute}, and a request may start once the bucket, which holds one minute of tokens
 * ({@link #TOKEN_WINDOW_MICROS}), has room for its charge; and {@code heldUntilMicros}, before which no request starts
 * (a 429's {@code Retry-After}): until then the limits count from that time, as if it were now. The store's shared rows ({@code StoreSendSlots}) run the
 * same arithmetic in one UPDATE; this class runs it for one process ({@link ProcessSendSlots}).
 */
public final class SendSchedule {
    /** The token bucket's size in time: a full bucket holds one minute of tokens. */
    public static final long TOKEN_WINDOW_MICROS = 60_000_000L;

    private long nextSendMicros;
    private long tokenTatMicros;
    private long heldUntilMicros;

    /** Reserves a start for {@code request} at {@code nowMicros}; returns it (never before {@code nowMicros}). */
    public synchronized long reserve(long nowMicros, SlotRequest request) {
        long now = Math.max(nowMicros, heldUntilMicros);
        long tat = Math.max(tokenTatMicros + request.correctionMicros(), now) + request.chargeMicros();
        if (request.intervalMicros() > 0) {
            nextSendMicros = Math.max(Math.max(nextSendMicros, tat - TOKEN_WINDOW_MICROS), now) + request.intervalMicros();
        }
        tokenTatMicros = tat;
        return start(nextSendMicros, tokenTatMicros, now, request);
    }

    /** No request starts before {@code untilMicros} (a later hold already set wins). */
    public synchronized void holdUntil(long untilMicros) {
        heldUntilMicros = Math.max(heldUntilMicros, untilMicros);
    }

    /**
     * The start a reservation made at {@code nowMicros} (or at the end of a hold, when later) got, from the state it left
     * ({@code nextSendMicros}, {@code tokenTatMicros}).
     */
    public static long start(long nextSendMicros, long tokenTatMicros, long nowMicros, SlotRequest request) {
        return request.intervalMicros() > 0 ? nextSendMicros - request.intervalMicros()
                : Math.max(nowMicros, tokenTatMicros - TOKEN_WINDOW_MICROS);
    }
}
