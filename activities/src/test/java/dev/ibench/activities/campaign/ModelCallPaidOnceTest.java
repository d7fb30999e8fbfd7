package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.activities.store.ResultsDatabase;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.testing.TestActivityEnvironment;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34: a model answer paid for while the store cannot write (the disk full) is paid once. The store's writes fail
 * as a full disk makes them fail (SQLite triggers on the response cache and the outputs, and a ledger that refuses rows,
 * all with SQLite's "database or disk is full" message) for two attempts of the item's activity, then succeed: the
 * endpoint (MockWebServer, test double) is asked once, the ledger holds one paid row and no cache hit, and the stored
 * output is the answer, not a cache hit. Without the gateway keeping the paid answer each attempt pays again (3 requests).
 */
class ModelCallPaidOnceTest {
    @TempDir Path tmp;

    private static final String FULL = "database or disk is full";

    @Test
    void anAnswerWhoseWritesFailTwiceIsPaidOnceAndRecordedOnce() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("m", 32, "");
            for (int i = 0; i < 3; i++) {
                fixture.server.enqueue(new MockResponse().setBody(ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            }
            fixture.campaign("""
                    [{"name": "m", "profile": "m", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("m");
            AtomicBoolean full = new AtomicBoolean(true);
            List<SpendEntry> rows = new CopyOnWriteArrayList<>();
            SpendLedger ledger = new SpendLedger() {
                @Override
                public void record(SpendEntry entry) {
                    if (full.get()) {
                        throw new IllegalStateException("spend ledger write failed: " + FULL);
                    }
                    rows.add(entry);
                }
            };
            Path cacheFile = tmp.resolve("cache.db");
            diskFull(fixture.database, "model_calls", true);
            try (ResultsDatabase cacheDb = ResultsDatabase.open(cacheFile)) {
                diskFull(cacheDb, "llm_response_cache", true);
            }
            TestActivityEnvironment env = TestActivityEnvironment.newInstance();
            try {
                env.registerActivitiesImplementations(fixture.activitiesWithLedger(ledger));
                ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                        .setStartToCloseTimeout(Duration.ofSeconds(30))
                        .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build());
                WorkItem item = new WorkItem(cellId, 0, 0);

                for (int attempt = 1; attempt <= 2; attempt++) {
                    assertThatThrownBy(() -> activities.callModel(item)).as("attempt " + attempt + " while the disk is full")
                            .hasStackTraceContaining(FULL);
                }
                assertThat(fixture.store.modelCall(cellId, "s/1", 0, 0)).as("nothing stored while the disk is full").isEmpty();
                assertThat(fixture.cache.size()).isZero();

                full.set(false);
                diskFull(fixture.database, "model_calls", false);
                try (ResultsDatabase cacheDb = ResultsDatabase.open(cacheFile)) {
                    diskFull(cacheDb, "llm_response_cache", false);
                }
                ModelCallResult result = activities.callModel(item);

                assertThat(fixture.server.getRequestCount()).as("paid once over three attempts").isEqualTo(1);
                assertThat(result.cacheHit()).as("the answer paid for, not a cache hit").isFalse();
                assertThat(result.promptTokens()).isEqualTo(10);
                assertThat(rows).extracting(SpendEntry::outcome).containsExactly(SpendEntry.OK);
                assertThat(fixture.store.modelCall(cellId, "s/1", 0, 0)).get().satisfies(r -> {
                    assertThat(r.rawOutput()).contains("get_height");
                    assertThat(r.cacheHit()).isFalse();
                });
                assertThat(fixture.cache.size()).isEqualTo(1);
                assertThat(fixture.cache.totalHits()).as("no cache hit counted for the kept answer").isZero();

                ModelCallResult again = activities.callModel(item);
                assertThat(again.cacheHit()).as("stored now: the output is returned as is").isTrue();
                assertThat(fixture.server.getRequestCount()).isEqualTo(1);
                assertThat(rows).hasSize(1);
            } finally {
                env.close();
            }
        }
    }

    /** Makes inserts into {@code table} fail with SQLite's disk-full message, or lets them through again. */
    private static void diskFull(ResultsDatabase database, String table, boolean full) throws Exception {
        try (Connection c = database.connection(); Statement s = c.createStatement()) {
            s.execute(full ? "CREATE TRIGGER disk_full_" + table + " BEFORE INSERT ON " + table
                    + " BEGIN SELECT RAISE(ABORT, '" + FULL + "'); END" : "DROP TRIGGER disk_full_" + table);
        }
    }
}
