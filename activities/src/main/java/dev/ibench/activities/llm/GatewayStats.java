package dev.ibench.activities.llm;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;

/** Counters of one gateway since it was created (the worker exports them as metrics). */
public final class GatewayStats {
    final AtomicLong calls = new AtomicLong();
    final AtomicLong cacheHits = new AtomicLong();
    final AtomicLong providerAttempts = new AtomicLong();
    final AtomicLong retries = new AtomicLong();
    final AtomicLong failures = new AtomicLong();
    final AtomicLong promptTokens = new AtomicLong();
    final AtomicLong completionTokens = new AtomicLong();
    final DoubleAdder costUsd = new DoubleAdder();

    public long calls() { return calls.get(); }
    public long cacheHits() { return cacheHits.get(); }
    public long providerAttempts() { return providerAttempts.get(); }
    public long retries() { return retries.get(); }
    public long failures() { return failures.get(); }
    public long promptTokens() { return promptTokens.get(); }
    public long completionTokens() { return completionTokens.get(); }
    public double costUsd() { return costUsd.sum(); }
}
