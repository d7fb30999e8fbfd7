package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import dev.ibench.core.campaign.Budget;
import dev.ibench.activities.store.EarlierSchema;
import dev.ibench.activities.store.StoreLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The ledger's tables (migrations V3.1, V5.1.1) on SQLite and on a real PostgreSQL. */
@ExtendWith(LocalPostgresExtension.class)
class SpendStoreTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void totalsCountEveryAttemptButNoTokensOfCacheHitsAndBudgetsKeepTheFirstUnlessRaised(StoreBackend backend, LocalPostgres pg) {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            SpendStore spend = new SpendStore(db);
            spend.record(new SpendEntry("c1", "c1/a", "m", "e", "s1", 0, 1, SpendEntry.FAILED, "SERVER_ERROR", 0, 0, 40, 0.0));
            spend.record(new SpendEntry("c1", "c1/a", "m", "e", "s1", 0, 2, SpendEntry.OK, null, 1000, 200, 60, 0.0045));
            spend.record(new SpendEntry("c1", "c1/b", "m", "e", "s1", 0, 0, SpendEntry.CACHE_HIT, null, 1000, 200, 0, 0.0));
            spend.record(new SpendEntry("c1", "c1/c", "n", "e", "s2", 1, 1, SpendEntry.OK, null, 10, 5, 7, null));
            spend.record(new SpendEntry(null, null, "writer", "e", "s2", 0, 1, SpendEntry.OK, null, 99, 1, 7, null));

            SpendTotals m = spend.totals("c1", "m");
            assertThat(m.attempts()).isEqualTo(2);
            assertThat(m.failedAttempts()).isEqualTo(1);
            assertThat(m.cacheHits()).isEqualTo(1);
            assertThat(m.tokens()).as("1000 + 200 paid once; the hit is free").isEqualTo(1200);
            assertThat(m.costUsd()).isCloseTo(0.0045, offset(1e-12));
            assertThat(m.latencyMs()).isEqualTo(100);
            SpendTotals all = spend.totals("c1", null);
            assertThat(all.tokens()).isEqualTo(1200 + 15);
            assertThat(all.costUsd()).isCloseTo(0.0045, offset(1e-12));
            assertThat(spend.totals("c1", "n").costUsd()).as("no prices: no cost").isNull();
            assertThat(spend.cellTotals("c1/b").cacheHits()).isEqualTo(1);
            assertThat(spend.totalsByModel("c1")).containsOnlyKeys("m", "n");
            assertThat(spend.entries("c1/a")).extracting(SpendEntry::attempt, SpendEntry::outcome)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(1, "failed"), org.assertj.core.groups.Tuple.tuple(2, "ok"));

            spend.saveBudgetIfAbsent("c1", SpendStore.CAMPAIGN_SCOPE, new Budget(1.0, null));
            spend.saveBudget("c1", SpendStore.CAMPAIGN_SCOPE, new Budget(2.0, 5000L));
            spend.saveBudgetIfAbsent("c1", SpendStore.CAMPAIGN_SCOPE, new Budget(1.0, null));
            assertThat(spend.budget("c1", SpendStore.CAMPAIGN_SCOPE)).contains(new Budget(2.0, 5000L));
            assertThat(spend.budget("c1", "m")).isEmpty();

            spend.defer("c1/a", "s1", 0);
            spend.defer("c1/a", "s1", 0);
            spend.defer("c1/a", "s2", 0);
            assertThat(spend.deferredUnsettled("c1/a")).isEqualTo(2);
            new ResultsStore(db).saveSampleResult(new SampleResultRecord("c1/a", "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
            assertThat(spend.deferredUnsettled("c1/a")).as("an item with a result is no longer waiting").isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void reasoningTokensAreRecordedAndSummedButNotForCacheHits(StoreBackend backend, LocalPostgres pg) {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            SpendStore spend = new SpendStore(db);
            spend.record(new SpendEntry("r", "r/a", "m", "e", "s1", 0, 1, SpendEntry.OK, null, 100, 250, 10, null, false, 200));
            spend.record(new SpendEntry("r", "r/a", "m", "e", "s2", 0, 1, SpendEntry.OK, null, 100, 40, 10, null, false, 30));
            spend.record(new SpendEntry("r", "r/b", "m", "e", "s1", 0, 0, SpendEntry.CACHE_HIT, null, 100, 250, 0, 0.0, false, 200));
            assertThat(spend.entries("r/a")).extracting(SpendEntry::reasoningTokens).containsExactly(200, 30);
            SpendTotals t = spend.totals("r", null);
            assertThat(t.reasoningTokens()).as("200 + 30; the cache hit was paid once").isEqualTo(230);
            assertThat(t.completionTokens()).as("reasoning is part of completion tokens, so budgets count it").isEqualTo(290);
            assertThat(t.tokens()).isEqualTo(200 + 290);
        }
    }

    /**
     * Two workers (two pools on one store) write 4 x 150 ledger rows at once: the running totals that budget admission
     * reads are exactly the sums worked out here from the rows written (and equal the ledger's SUM), per campaign and model.
     */
    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void runningTotalsStayTheLedgersSumsWhenTwoWorkersWriteAtOnce(StoreBackend backend, LocalPostgres pg) throws Exception {
        StoreLocation location = backend.newStore(dir, pg);
        try (ResultsDatabase first = backend.open(location, pg); ResultsDatabase second = backend.open(location, pg)) {
            List<SpendStore> workers = List.of(new SpendStore(first), new SpendStore(second));
            long[] tokensByHand = new long[2]; // models m0, m1
            long[] costMicrosByHand = new long[2];
            List<Callable<Void>> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                List<SpendEntry> rows = new ArrayList<>();
                for (int i = 0; i < 150; i++) {
                    int model = (writer + i) % 2;
                    String outcome = i % 5 == 0 ? SpendEntry.CACHE_HIT : i % 7 == 0 ? SpendEntry.FAILED : SpendEntry.OK;
                    int prompt = outcome.equals(SpendEntry.FAILED) ? 0 : 100 + i;
                    int completion = outcome.equals(SpendEntry.FAILED) ? 0 : 10 + writer;
                    long micros = outcome.equals(SpendEntry.OK) ? prompt + 2L * completion : 0; // 1 micro-USD a prompt token, 2 a completion token
                    rows.add(new SpendEntry("c", "c/" + model, "m" + model, "e", "s" + i, 0, 1, outcome, null, prompt, completion, 5,
                            micros / 1e6));
                    if (outcome.equals(SpendEntry.OK)) {
                        tokensByHand[model] += prompt + completion;
                        costMicrosByHand[model] += micros;
                    }
                }
                SpendStore store = workers.get(writer % 2);
                writers.add(() -> {
                    rows.forEach(store::record);
                    return null;
                });
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                for (Future<Void> f : pool.invokeAll(writers)) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            SpendStore spend = workers.get(0);
            for (int model = 0; model < 2; model++) {
                SpendStore.AccountBudget total = spend.runningTotal("c", "m" + model);
                assertThat(total.tokens()).isEqualTo(tokensByHand[model]).isEqualTo(spend.totals("c", "m" + model).tokens());
                assertThat(total.costUsd()).isCloseTo(costMicrosByHand[model] / 1e6, offset(1e-9));
            }
            SpendStore.AccountBudget campaign = spend.runningTotal("c", SpendStore.CAMPAIGN_SCOPE);
            assertThat(campaign.tokens()).isEqualTo(tokensByHand[0] + tokensByHand[1]).isEqualTo(spend.totals("c", null).tokens());
            assertThat(campaign.costUsd()).isCloseTo((costMicrosByHand[0] + costMicrosByHand[1]) / 1e6, offset(1e-9));

            spend.saveBudget("c", "m1", new Budget(null, tokensByHand[1]));
            assertThat(spend.accountBudgets("c", "m1")).singleElement().satisfies(b -> {
                assertThat(b.tokens()).isEqualTo(tokensByHand[1]);
                assertThat(b.reached()).as("spent exactly its token budget").isTrue();
            });
            assertThat(spend.accountBudgets("c", "m0")).as("m1's budget is not m0's").isEmpty();
        }
    }

    /**
     * A store written before the running totals existed (schema 4.5.1, ledger rows by plain SQL) gets them filled from its
     * ledger by migration V5.1.1, so a budget set before the upgrade is compared with everything spent before it.
     */
    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void theMigrationFillsTheRunningTotalsFromAnOlderLedger(StoreBackend backend, LocalPostgres pg) throws Exception {
        StoreLocation location = backend.newStore(dir, pg);
        String row = "INSERT INTO spend_ledger(campaign_id, cell_id, model, endpoint, sample_id, trial, attempt, outcome, error_kind, "
                + "prompt_tokens, completion_tokens, latency_ms, cost_usd, created_at) VALUES ";
        EarlierSchema.create(location, backend == StoreBackend.POSTGRESQL ? pg.password() : null, "4.5.1",
                row + "('c', 'c/a', 'm', 'e', 's1', 0, 1, 'ok', NULL, 1000, 200, 5, 0.004, 't');\n"
                        + row + "('c', 'c/a', 'm', 'e', 's2', 0, 1, 'failed', 'TIMEOUT', 0, 0, 5, 0, 't');\n"
                        + row + "('c', 'c/b', 'm', 'e', 's1', 0, 0, 'cache_hit', NULL, 1000, 200, 0, 0, 't');\n"
                        + row + "('c', 'c/c', 'n', 'e', 's1', 0, 1, 'ok', NULL, 30, 7, 5, NULL, 't');\n"
                        + row + "(NULL, NULL, 'writer', 'e', 's1', 0, 1, 'ok', NULL, 99, 1, 5, 1.0, 't');\n"
                        + "INSERT INTO budgets(campaign_id, scope, usd, tokens) VALUES ('c', '', NULL, 1237)");
        try (ResultsDatabase db = backend.open(location, pg)) {
            SpendStore spend = new SpendStore(db);
            assertThat(spend.runningTotal("c", "m").tokens()).as("1000 + 200 paid once; the hit and the failure add none").isEqualTo(1200);
            assertThat(spend.runningTotal("c", "m").costUsd()).isCloseTo(0.004, offset(1e-12));
            assertThat(spend.runningTotal("c", "n").tokens()).isEqualTo(37);
            assertThat(spend.runningTotal("c", SpendStore.CAMPAIGN_SCOPE).tokens()).isEqualTo(1237);
            assertThat(spend.accountBudgets("c", "m")).singleElement().extracting(SpendStore.AccountBudget::reached).isEqualTo(true);
            spend.record(new SpendEntry("c", "c/a", "m", "e", "s3", 0, 1, SpendEntry.OK, null, 10, 3, 5, 0.001));
            assertThat(spend.runningTotal("c", SpendStore.CAMPAIGN_SCOPE).tokens()).isEqualTo(1250);
            assertThat(spend.runningTotal("c", SpendStore.CAMPAIGN_SCOPE).costUsd()).isCloseTo(0.005, offset(1e-12));
        }
    }
}
