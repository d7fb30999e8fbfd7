package dev.ibench.activities.llm.cache;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.spend.SpendEntry;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a {@link ModelGateway} paid for whose store writes (response cache entry, ledger row, the caller's output)
 * have not succeeded yet, by cache key, so that a retry of the call on this worker (the next activity attempt while
 * the disk is full or the store is down) takes the answer from here instead of paying again (issue 34). An entry is
 * put right after the endpoint answers and removed once its writes are stored ({@link #remove}). Bounded: at most
 * {@link #MAX_ENTRIES} answers and {@link #MAX_CHARS} characters of answer text, the oldest dropped first (a dropped
 * answer is paid again by its retry, as before). Per gateway, in memory: a retry on another worker pays again.
 * Thread-safe.
 */
public final class PaidAnswers {
    private static final Logger LOG = LoggerFactory.getLogger(PaidAnswers.class);
    /**
     * Above the requests a worker has in flight, whose answers wait for their grouped writes: at 256 the one-million-item
     * run (ten cells, 640 requests in flight) dropped about 2,000 answers. Memory is bounded by {@link #MAX_CHARS}.
     */
    static final int MAX_ENTRIES = 4096;
    /** About 64 MB of Java strings. */
    static final long MAX_CHARS = 32L * 1024 * 1024;

    /** A paid answer: the call's result as the first attempt returned it and its ledger row, not yet recorded. */
    public record Held(CallResult result, SpendEntry paid) {
        /** Whether this answer was paid for {@code request} of cell {@code cellId}: a retry of that call may take it. */
        public boolean isFor(String cellId, ModelRequest request) {
            return java.util.Objects.equals(paid.cellId(), cellId) && java.util.Objects.equals(paid.sampleId(), request.sampleId())
                    && paid.trial() == request.trial();
        }

        long chars() {
            ModelResponse r = result.response();
            long n = r.text().length() + (r.reasoning() == null ? 0 : r.reasoning().length());
            for (var call : r.toolCalls()) {
                n += String.valueOf(call).length();
            }
            return n + 256;
        }
    }

    private final int maxEntries;
    private final long maxChars;
    private final LinkedHashMap<String, Held> held = new LinkedHashMap<>();
    private long chars;

    public PaidAnswers() {
        this(MAX_ENTRIES, MAX_CHARS);
    }

    PaidAnswers(int maxEntries, long maxChars) {
        this.maxEntries = maxEntries;
        this.maxChars = maxChars;
    }

    public synchronized void put(String key, Held answer) {
        Held before = held.remove(key);
        if (before != null) {
            chars -= before.chars();
        }
        held.put(key, answer);
        chars += answer.chars();
        Iterator<Map.Entry<String, Held>> oldest = held.entrySet().iterator();
        while ((held.size() > maxEntries || chars > maxChars) && oldest.hasNext()) {
            Map.Entry<String, Held> dropped = oldest.next();
            if (dropped.getKey().equals(key) && held.size() == 1) {
                break; // one answer over the size bound is still kept
            }
            oldest.remove();
            chars -= dropped.getValue().chars();
            LOG.warn("dropped a paid answer not yet stored (cache key {}): over {} answers or {} characters held; its retry pays again",
                    dropped.getKey(), maxEntries, maxChars);
        }
    }

    public synchronized Held get(String key) {
        return held.get(key);
    }

    public synchronized boolean contains(String key) {
        return held.containsKey(key);
    }

    public synchronized void remove(String key) {
        Held before = held.remove(key);
        if (before != null) {
            chars -= before.chars();
        }
    }

    public synchronized int size() {
        return held.size();
    }
}
