package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.llm.SpendEntry;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import dev.ibench.core.campaign.Budget;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The ledger's tables (migration V3.1) on SQLite and on a real PostgreSQL. */
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
}
