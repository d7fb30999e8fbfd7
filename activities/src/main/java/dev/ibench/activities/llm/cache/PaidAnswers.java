package dev.ibench.activities.llm.cache;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.spend.SpendEntry;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a {@link ModelGateway} paid for whose store writes (response cache entry, ledger row, the caller's output)
 * have not succeeded yet, by item (cache key, cell, sample and trial), so that a retry of the call on this worker (the
 * next activity attempt while the disk is full or the store is down) takes the answer from here instead of paying again
 * (issue 34). Two items with one cache key (two cells on one eval set and model) each keep their own answer. An entry is
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
        long chars() {
            ModelResponse r = result.response();
            long n = r.text().length() + (r.reasoning() == null ? 0 : r.reasoning().length());
            for (var call : r.toolCalls()) {
                n += String.valueOf(call).length();
            }
            return n + 256;
        }
    }

    /** Whose answer: the request's cache key and the item (cell, sample, trial) it was paid for. */
    private record Item(String key, String cellId, String sampleId, int trial) {
        static Item of(String key, Held answer) {
            return new Item(key, answer.paid().cellId(), answer.paid().sampleId(), answer.paid().trial());
        }
    }

    private final int maxEntries;
    private final long maxChars;
    private final LinkedHashMap<Item, Held> held = new LinkedHashMap<>();
    /** How many items hold an answer under each cache key. */
    private final Map<String, Integer> perKey = new HashMap<>();
    private long chars;

    public PaidAnswers() {
        this(MAX_ENTRIES, MAX_CHARS);
    }

    PaidAnswers(int maxEntries, long maxChars) {
        this.maxEntries = maxEntries;
        this.maxChars = maxChars;
    }

    /** Holds {@code answer} for its item, in place of an answer held before for the same item (not for another one). */
    public synchronized void put(String key, Held answer) {
        Item item = Item.of(key, answer);
        drop(item);
        held.put(item, answer);
        perKey.merge(key, 1, Integer::sum);
        chars += answer.chars();
        Iterator<Map.Entry<Item, Held>> oldest = held.entrySet().iterator();
        while ((held.size() > maxEntries || chars > maxChars) && oldest.hasNext()) {
            Map.Entry<Item, Held> dropped = oldest.next();
            if (dropped.getKey().equals(item) && held.size() == 1) {
                break; // one answer over the size bound is still kept
            }
            oldest.remove();
            forget(dropped.getKey(), dropped.getValue());
            LOG.warn("dropped a paid answer not yet stored (cache key {}): over {} answers or {} characters held; its retry pays again",
                    dropped.getKey().key(), maxEntries, maxChars);
        }
    }

    /** The answer held for {@code request} of cell {@code cellId} under {@code key} (null: none; another item's is not its). */
    public synchronized Held get(String key, String cellId, ModelRequest request) {
        return held.get(new Item(key, cellId, request.sampleId(), request.trial()));
    }

    /** Whether any item holds an answer under {@code key}. */
    public synchronized boolean contains(String key) {
        return perKey.containsKey(key);
    }

    /** Lets go of the answer held under {@code key} for {@code answer}'s item. */
    public synchronized void remove(String key, Held answer) {
        drop(Item.of(key, answer));
    }

    /** Lets go of the held answer whose result is {@code result} (the very object the gateway returned for it), if any. */
    public synchronized void removeAnswer(CallResult result) {
        held.entrySet().stream().filter(e -> e.getValue().result() == result).map(Map.Entry::getKey).findFirst().ifPresent(this::drop);
    }

    public synchronized int size() {
        return held.size();
    }

    private void drop(Item item) {
        Held before = held.remove(item);
        if (before != null) {
            forget(item, before);
        }
    }

    private void forget(Item item, Held answer) {
        chars -= answer.chars();
        perKey.computeIfPresent(item.key(), (k, n) -> n == 1 ? null : n - 1);
    }
}
