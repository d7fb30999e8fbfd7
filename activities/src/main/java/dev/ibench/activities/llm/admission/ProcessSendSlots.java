package dev.ibench.activities.llm.admission;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Send times reserved in this process only: the fallback where no results store is shared ({@code ibench model check},
 * gateways outside campaigns), so the limits hold per process there.
 */
public final class ProcessSendSlots implements SendSlots {
    private final long originNanos = System.nanoTime();
    private final ConcurrentMap<String, SendSchedule> schedules = new ConcurrentHashMap<>();

    @Override
    public long reserve(String endpoint, SlotRequest request) {
        long now = now();
        return schedule(endpoint).reserve(now, request) - now;
    }

    @Override
    public void holdOff(String endpoint, long micros) {
        schedule(endpoint).holdUntil(now() + micros);
    }

    private long now() {
        return (System.nanoTime() - originNanos) / 1_000;
    }

    private SendSchedule schedule(String endpoint) {
        return schedules.computeIfAbsent(endpoint, e -> new SendSchedule());
    }
}
