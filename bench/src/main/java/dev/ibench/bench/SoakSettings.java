package dev.ibench.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The soak bench's knobs: its length, the fault intervals (scaled down by environment variables for a quick check), the
 * sampling period, the round's size and the slow endpoint's latency.
 */
record SoakSettings(int minutes, int killEverySeconds, int serverEverySeconds, int pgEverySeconds, int sampleEverySeconds,
                    int samples, int mtEntries, int latencyMinMs, int latencyMaxMs) {

    static SoakSettings from(int minutes, Map<String, String> env) {
        if (minutes < 1) {
            throw new IllegalArgumentException("the soak's minutes must be at least 1, got " + minutes);
        }
        return new SoakSettings(minutes, positive(env, "SOAK_KILL_EVERY_S", 1200), positive(env, "SOAK_SERVER_EVERY_S", 1200),
                positive(env, "SOAK_PG_EVERY_S", 3600), positive(env, "SOAK_SAMPLE_EVERY_S", 60), positive(env, "SOAK_SAMPLES", 150),
                positive(env, "SOAK_MT_ENTRIES", 20), positive(env, "SOAK_LATENCY_MIN_MS", 2000), positive(env, "SOAK_LATENCY_MAX_MS", 6000));
    }

    private static int positive(Map<String, String> env, String name, int fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(name + " must be a whole number of at least 1, got '" + v + "'");
    }

    /** The samples left out of the slopes: the first 10 minutes, or the first 15% of a shorter run. */
    double warmupHours() {
        return Math.min(10.0, 0.15 * minutes) / 60.0;
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("minutes", minutes);
        m.put("worker_sigkill_every_seconds", killEverySeconds);
        m.put("dev_server_restart_every_seconds", serverEverySeconds);
        m.put("store_postgres_restart_every_seconds", pgEverySeconds);
        m.put("sample_every_seconds", sampleEverySeconds);
        m.put("synthetic_samples_per_round", samples);
        m.put("multi_turn_entries_per_round", mtEntries);
        m.put("endpoint_latency_ms", latencyMinMs + "-" + latencyMaxMs);
        m.put("samples_in_flight_per_cell", SoakBench.WINDOW);
        m.put("cells_in_flight", SoakBench.CELLS);
        m.put("warmup_minutes", Math.round(warmupHours() * 600) / 10.0);
        return m;
    }
}
