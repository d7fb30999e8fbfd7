package dev.ibench.activities.llm;

import dev.ibench.activities.llm.admission.AimdLimiter;
import dev.ibench.activities.llm.admission.RequestPacer;
import dev.ibench.activities.llm.spend.SpendLedger;

/**
 * Where a gateway call waited before its provider attempts were sent, summed over its attempts (nanoseconds): the
 * budget admission ({@link SpendLedger#admit}), a place under the endpoint's AIMD concurrency limit
 * ({@link AimdLimiter}), its turn under {@code rate_per_second} ({@link RequestPacer}), and the backoff between a
 * failed attempt and the next one. Two {@code System.nanoTime()} reads per wait; a cache hit waits for none.
 */
public record CallWaits(long admitNanos, long concurrencyNanos, long paceNanos, long backoffNanos) {
    public static final CallWaits NONE = new CallWaits(0, 0, 0, 0);
}
