package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseCacheTest {
    private static ResponseCache.Key key(String path, Object... values) {
        return new ResponseCache.Key(path, Arrays.asList(values));
    }

    private static byte[] body(int n) {
        return new byte[n];
    }

    @Test
    void equalPathsAndValuesShareAnEntryAndTypedValuesDoNot() {
        ResponseCache cache = new ResponseCache(1 << 20);
        byte[] answer = "{\"rows\":[[1]]}".getBytes();
        cache.put(key("/v1/x", "Batman", 5L), answer);
        assertThat(cache.get(key("/v1/x", "Batman", 5L))).isSameAs(answer);
        // SQLite binds 5 and 5.0 differently, and a different endpoint is a different query
        assertThat(cache.get(key("/v1/x", "Batman", 5.0))).isNull();
        assertThat(cache.get(key("/v1/y", "Batman", 5L))).isNull();
        assertThat(cache.get(key("/v1/x", null, 5L))).isNull();
        assertThat(cache.hits()).isEqualTo(1);
        assertThat(cache.misses()).isEqualTo(3);
    }

    @Test
    void theLeastRecentlyUsedAnswersLeaveOnceTheByteBudgetIsSpent() {
        // each entry costs its body + 2 * key chars + 128: body 1000 with path "/a" (2 chars) costs 1132
        ResponseCache cache = new ResponseCache(4000);
        cache.put(key("/a"), body(1000));
        cache.put(key("/b"), body(1000));
        cache.put(key("/c"), body(1000));
        assertThat(cache.bytes()).isEqualTo(3 * 1132);
        cache.get(key("/a")); // /b is now the least recently used
        cache.put(key("/d"), body(1000)); // 4 * 1132 > 4000: one leaves
        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.bytes()).isEqualTo(3 * 1132);
        assertThat(cache.get(key("/b"))).isNull();
        assertThat(cache.get(key("/a"))).isNotNull();
        assertThat(cache.get(key("/c"))).isNotNull();
        assertThat(cache.get(key("/d"))).isNotNull();
    }

    @Test
    void anAnswerOverHalfTheBudgetIsNotKept() {
        ResponseCache cache = new ResponseCache(4000);
        cache.put(key("/big"), body(1900)); // costs 1900 + 8 + 128 = 2036 > 2000
        assertThat(cache.size()).isZero();
        assertThat(cache.get(key("/big"))).isNull();
    }

    @Test
    void sizeZeroKeepsNothingAndANegativeSizeIsRefused() {
        ResponseCache off = new ResponseCache(0);
        off.put(key("/a"), body(10));
        assertThat(off.get(key("/a"))).isNull();
        assertThat(off.size()).isZero();
        assertThatThrownBy(() -> new ResponseCache(-1)).hasMessageContaining("-1");
    }

    @Test
    void replacingAnEntryDoesNotCountItTwice() {
        ResponseCache cache = new ResponseCache(1 << 20);
        cache.put(key("/a", List.of()), body(100));
        cache.put(key("/a", List.of()), body(300));
        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.bytes()).isEqualTo(300 + 2 * (2 + 2) + 128);
    }
}
