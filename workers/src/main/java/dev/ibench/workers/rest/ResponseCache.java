package dev.ibench.workers.rest;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The encoded 200 answers of endpoint calls, least recently used first out once the byte budget is spent. A served
 * database is opened read-only, so the same endpoint with the same bound values answers the same bytes. The key is
 * the canonical call: the endpoint path and the values as {@code ArgumentBinder} bound them (typed, in placeholder
 * order), so parameter order, percent-encoding and {@code 05} vs {@code 5} for an integer do not split entries.
 * Only successful answers are kept; an answer larger than half the budget is not kept.
 */
final class ResponseCache {
    record Key(String path, List<Object> values) {}

    private final long maxBytes;
    private final LinkedHashMap<Key, byte[]> entries = new LinkedHashMap<>(256, 0.75f, true);
    private long bytes;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    /** @param maxBytes budget for the cached bodies; 0 disables the cache */
    ResponseCache(long maxBytes) {
        if (maxBytes < 0) throw new IllegalArgumentException("response cache size must be >= 0, got " + maxBytes);
        this.maxBytes = maxBytes;
    }

    byte[] get(Key key) {
        if (maxBytes == 0) return null;
        byte[] body;
        synchronized (this) {
            body = entries.get(key);
        }
        (body == null ? misses : hits).incrementAndGet();
        return body;
    }

    void put(Key key, byte[] body) {
        long size = cost(key, body);
        if (maxBytes == 0 || size > maxBytes / 2) return;
        synchronized (this) {
            byte[] old = entries.put(key, body);
            if (old != null) bytes -= cost(key, old);
            bytes += size;
            Iterator<Map.Entry<Key, byte[]>> eldest = entries.entrySet().iterator();
            while (bytes > maxBytes && eldest.hasNext()) {
                Map.Entry<Key, byte[]> e = eldest.next();
                bytes -= cost(e.getKey(), e.getValue());
                eldest.remove();
            }
        }
    }

    // the body plus a rough charge for the key and the map entry, so many tiny answers cannot grow without bound
    private static long cost(Key key, byte[] body) {
        long keyChars = key.path().length();
        for (Object v : key.values()) keyChars += v == null ? 4 : v.toString().length();
        return body.length + 2 * keyChars + 128;
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized long bytes() {
        return bytes;
    }

    long hits() {
        return hits.get();
    }

    long misses() {
        return misses.get();
    }
}
