package dev.ibench.activities.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.admission.SlotRequest;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The send times workers reserve in the results store (table {@code endpoint_send_slots}): the UPDATE's arithmetic
 * gives the starts worked out by hand (SQLite, with the clock held still), two workers on one store never get the same
 * start, PostgreSQL paces by its own clock, a 429's hold set by one worker delays the others, a killed worker holds
 * nothing, and no credential of an endpoint URL is stored.
 */
@ExtendWith(LocalPostgresExtension.class)
class StoreSendSlotsTest {
    static final String ENDPOINT = "http://127.0.0.1:9/v1";
    /** rate_per_second: 2. */
    static final SlotRequest TWO_PER_SECOND = new SlotRequest(500_000, 0, 0);
    @TempDir Path dir;

    private ResultsDatabase sqlite() {
        return ResultsDatabase.open(StoreLocation.sqliteFile(dir.resolve("results.db"), "test"), null);
    }

    @Test
    void theStoresReservationsGiveTheStartsWorkedOutByHand() {
        AtomicLong now = new AtomicLong(1_000_000);
        try (ResultsDatabase db = sqlite()) {
            StoreSendSlots slots = new StoreSendSlots(db, now::get);
            assertThat(slots.reserve(ENDPOINT, TWO_PER_SECOND)).as("the first request at once").isEqualTo(0);
            assertThat(slots.reserve(ENDPOINT, TWO_PER_SECOND)).as("starts at 1.5 s").isEqualTo(500_000);
            now.set(1_100_000);
            assertThat(slots.reserve(ENDPOINT, TWO_PER_SECOND)).as("starts at 2.0 s").isEqualTo(900_000);
            now.set(3_000_000);
            assertThat(slots.reserve(ENDPOINT, TWO_PER_SECOND)).as("after an idle second: at once, no backlog").isEqualTo(0);

            // tokens_per_minute: 600 at another endpoint: a token is 100 ms, 300 tokens 30 s, the bucket 600 tokens
            String tokens = "http://127.0.0.1:9/tokens";
            SlotRequest threeHundred = new SlotRequest(0, 30_000_000, 0);
            now.set(100_000_000);
            assertThat(slots.reserve(tokens, threeHundred)).isEqualTo(0);
            assertThat(slots.reserve(tokens, threeHundred)).as("300 tokens left").isEqualTo(0);
            now.set(101_000_000);
            assertThat(slots.reserve(tokens, threeHundred)).as("the bucket refills 300 tokens by 130 s").isEqualTo(29_000_000);
            // the first two used 100 each: 400 tokens (40 s) come back with a fourth request of 300: 1200 - 400 = 800 charged,
            // 200 beyond the bucket: 20 s after 100 s
            assertThat(slots.reserve(tokens, new SlotRequest(0, 30_000_000, -40_000_000))).isEqualTo(19_000_000);

            // both limits: 2/s and 400 tokens at 600 a minute
            String both = "http://127.0.0.1:9/both";
            SlotRequest request = new SlotRequest(500_000, 40_000_000, 0);
            now.set(200_000_000);
            assertThat(slots.reserve(both, request)).isEqualTo(0);
            assertThat(slots.reserve(both, request)).as("800 tokens, 200 beyond the bucket: 20 s").isEqualTo(20_000_000);
            assertThat(slots.reserve(both, TWO_PER_SECOND)).as("the rate counts from that start").isEqualTo(20_500_000);
        }
    }

    @Test
    void withoutATestClockSqlitePacesByItsOwnClock() {
        try (ResultsDatabase db = sqlite()) {
            StoreSendSlots slots = new StoreSendSlots(db);
            long t0 = System.nanoTime();
            assertThat(slots.reserve(ENDPOINT, TWO_PER_SECOND)).isZero();
            long w = slots.reserve(ENDPOINT, TWO_PER_SECOND);
            long elapsedMicros = (System.nanoTime() - t0) / 1_000;
            // SQLite's clock counts milliseconds: up to 1 ms more of the interval may seem gone
            assertThat(w).as("0.5 s after the first start, less the time since").isBetween(500_000 - elapsedMicros - 1_000, 500_000L);
        }
    }

    @Test
    void twoWorkersOnOneStoreFileNeverGetTheSameStart() throws Exception {
        // two pools on one SQLite file, as two worker processes on one machine; the clock held still at 1 s
        AtomicLong now = new AtomicLong(1_000_000);
        SlotRequest hundredPerSecond = new SlotRequest(10_000, 0, 0);
        List<Long> waits = Collections.synchronizedList(new ArrayList<>());
        try (ResultsDatabase a = sqlite(); ResultsDatabase b = sqlite()) {
            List<StoreSendSlots> workers = List.of(new StoreSendSlots(a, now::get), new StoreSendSlots(b, now::get));
            ExecutorService threads = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    StoreSendSlots worker = workers.get(t % 2);
                    done.add(threads.submit(() -> {
                        for (int i = 0; i < 10; i++) {
                            waits.add(worker.reserve(ENDPOINT, hundredPerSecond));
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                threads.shutdownNow();
            }
        }
        List<Long> sorted = new ArrayList<>(waits);
        Collections.sort(sorted);
        assertThat(sorted).as("80 requests at 100/s: one each 10 ms from 0 to 790 ms")
                .isEqualTo(LongStream.range(0, 80).map(k -> k * 10_000).boxed().toList());
    }

    @Test
    void onPostgresqlEveryWorkerIsPacedByTheStoresClock(LocalPostgres pg) throws Exception {
        StoreLocation location = StoreBackend.POSTGRESQL.newStore(dir, pg);
        try (ResultsDatabase a = StoreBackend.POSTGRESQL.open(location, pg); ResultsDatabase b = StoreBackend.POSTGRESQL.open(location, pg)) {
            StoreSendSlots first = new StoreSendSlots(a);
            StoreSendSlots second = new StoreSendSlots(b, () -> 0); // a SQLite clock, which PostgreSQL never asks
            long t0 = System.nanoTime();
            assertThat(first.reserve(ENDPOINT, TWO_PER_SECOND)).as("a new row: at once").isZero();
            long w2 = second.reserve(ENDPOINT, TWO_PER_SECOND);
            long w3 = first.reserve(ENDPOINT, TWO_PER_SECOND);
            long elapsedMicros = (System.nanoTime() - t0) / 1_000;
            assertThat(w2).as("the other worker: 0.5 s after the first start, less the time since").isBetween(500_000 - elapsedMicros, 500_000L);
            assertThat(w3).isBetween(1_000_000 - elapsedMicros, 1_000_000L);

            String tokens = "http://127.0.0.1:9/tokens";
            SlotRequest threeHundred = new SlotRequest(0, 30_000_000, 0); // 300 tokens at 600 a minute
            t0 = System.nanoTime();
            assertThat(first.reserve(tokens, threeHundred)).isZero();
            assertThat(second.reserve(tokens, threeHundred)).isZero();
            long w = first.reserve(tokens, threeHundred);
            elapsedMicros = (System.nanoTime() - t0) / 1_000;
            assertThat(w).as("300 tokens refill in 30 s").isBetween(30_000_000 - elapsedMicros, 30_000_000L);

            String held = "http://127.0.0.1:9/held";
            t0 = System.nanoTime();
            first.holdOff(held, 2_000_000);
            w = second.reserve(held, TWO_PER_SECOND);
            elapsedMicros = (System.nanoTime() - t0) / 1_000;
            assertThat(w).as("a 429's hold of 2 s").isBetween(2_000_000 - elapsedMicros, 2_000_000L);
        }
    }

    @Test
    void aHoldOneWorkerSetsAfterA429DelaysTheOthers() {
        AtomicLong now = new AtomicLong(1_000_000);
        try (ResultsDatabase a = sqlite(); ResultsDatabase b = sqlite()) {
            new StoreSendSlots(a, now::get).holdOff(ENDPOINT, 2_000_000);
            StoreSendSlots other = new StoreSendSlots(b, now::get);
            assertThat(other.reserve(ENDPOINT, TWO_PER_SECOND)).as("held until 3 s").isEqualTo(2_000_000);
            assertThat(other.reserve(ENDPOINT, TWO_PER_SECOND)).isEqualTo(2_500_000);
            now.set(10_000_000);
            assertThat(other.reserve(ENDPOINT, TWO_PER_SECOND)).as("the hold is over").isZero();
        }
    }

    @Test
    void aKilledWorkersReservationsPassAndHoldNothing() {
        AtomicLong now = new AtomicLong(0);
        try (ResultsDatabase killed = sqlite()) {
            StoreSendSlots worker = new StoreSendSlots(killed, now::get);
            for (int i = 0; i < 10; i++) {
                worker.reserve(ENDPOINT, TWO_PER_SECOND); // starts 0 to 4.5 s; the worker dies before sending them
            }
        }
        try (ResultsDatabase db = sqlite()) {
            StoreSendSlots survivor = new StoreSendSlots(db, now::get);
            now.set(4_000_000);
            assertThat(survivor.reserve(ENDPOINT, TWO_PER_SECOND)).as("the dead worker's last start was 4.5 s: the next is 5 s").isEqualTo(1_000_000);
            now.set(60_000_000);
            assertThat(survivor.reserve(ENDPOINT, TWO_PER_SECOND)).as("once its times passed: at once").isZero();
        }
    }

    @Test
    void rowsAreKeyedByTheEndpointWithoutUserInfoOrQuery() throws Exception {
        try (ResultsDatabase db = sqlite()) {
            new StoreSendSlots(db, () -> 0).reserve("https://user:secret@api.example.com:8443/v1?api_key=sk-123#x", TWO_PER_SECOND);
            List<String> endpoints = new ArrayList<>();
            try (Connection c = db.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT endpoint FROM endpoint_send_slots")) {
                while (rs.next()) {
                    endpoints.add(rs.getString(1));
                }
            }
            assertThat(endpoints).containsExactly("https://api.example.com:8443/v1");
        }
        assertThat(StoreSendSlots.rowKey("http://localhost:8080/v1")).isEqualTo("http://localhost:8080/v1");
        assertThat(StoreSendSlots.rowKey("gguf:/models/a.gguf")).isEqualTo("gguf:/models/a.gguf");
        assertThat(StoreSendSlots.rowKey("http://us er:pw@host/v1")).as("unparsable: only its hash").startsWith("sha256:")
                .doesNotContain("pw");
    }
}
