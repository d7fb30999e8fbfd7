package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code ibench store migrate}'s copy: a SQLite store's every row arrives in PostgreSQL once, in order. */
@ExtendWith(LocalPostgresExtension.class)
class StoreCopyTest {
    @TempDir Path dir;

    @Test
    void everyRowOfASqliteStoreArrivesInPostgresOnceAndInOrder(LocalPostgres pg) {
        String cellB = "c/m-b/bench/direct";
        String cellA = "c/m-a/bench/react";
        try (ResultsDatabase sqlite = StoreBackend.SQLITE.open(StoreBackend.SQLITE.newStore(dir, pg), pg);
             ResultsDatabase postgres = StoreBackend.POSTGRESQL.open(StoreBackend.POSTGRESQL.newStore(dir, pg), pg)) {
            ResultsStore source = new ResultsStore(sqlite);
            source.saveCampaign("c", "copy me", "{\"name\":\"copy me\"}");
            source.saveCell(new CellRecord(cellB, "c", "m-b", "bench", "direct", "none", "/sets/b.json", 2));
            source.saveCell(new CellRecord(cellA, "c", "m-a", "bench", "react", "obfuscated", "/sets/b.json", 1));
            source.saveCellSamples(cellB, List.of("s3", "s1", "s2"));
            source.saveModelCall(new ModelCallRecord(cellB, "s3", 1, 0, "key-1", "raw text", 120, 30, 4_000_000_000L, true));
            source.savePrompt(cellB, "s3", 1, "{\"raw\":\"prompt\"}");
            source.saveToolExecution(new ToolExecutionRecord(cellA, "s1", 0, 2, "{\"name\":\"filter_data\"}", "3 rows", true));
            source.saveSampleResult(new SampleResultRecord(cellB, "s3", 1, SampleResultRecord.SCORED, false, "{\"em\":0}", null));
            source.saveRejected(cellB, "s1", 0, "too long");
            source.saveInfraError(cellB, "s2", 0, "503");
            source.recordError(cellB, "s2", 0, 0, "http_503", "503 from endpoint");
            var sourceSpend = new dev.ibench.activities.spend.SpendStore(sqlite);
            sourceSpend.record(new dev.ibench.activities.llm.spend.SpendEntry("c", cellB, "m-b", "e", "s3", 1, 1, "failed", "SERVER_ERROR", 0, 0, 5, 0.0));
            sourceSpend.record(new dev.ibench.activities.llm.spend.SpendEntry("c", cellB, "m-b", "e", "s3", 1, 2, "ok", null, 120, 30, 40, 0.0006));
            sourceSpend.saveBudget("c", "", new dev.ibench.core.campaign.Budget(1.0, null));
            sourceSpend.defer(cellB, "s2", 0);
            new ResponseCache(sqlite).store("cache-key", "http://127.0.0.1:1/v1", "m-b",
                    new ModelResponse("answer", List.of(), "stop", 7, 3, 42));

            assertThat(Installation.of(postgres).id()).as("a new store has its own id").isNotEqualTo(Installation.of(sqlite).id());
            Map<String, StoreCopy.TableCount> counts = StoreCopy.copy(sqlite, postgres);
            assertThat(Installation.of(postgres)).as("the moved store stays the same installation: its running campaigns' queues")
                    .isEqualTo(Installation.of(sqlite));
            assertThat(counts).containsEntry("campaigns", new StoreCopy.TableCount(1, 1))
                    .containsEntry("cells", new StoreCopy.TableCount(2, 2))
                    .containsEntry("cell_samples", new StoreCopy.TableCount(3, 3))
                    .containsEntry("sample_results", new StoreCopy.TableCount(3, 3))
                    .containsEntry("llm_response_cache", new StoreCopy.TableCount(1, 1))
                    .containsEntry("spend_ledger", new StoreCopy.TableCount(2, 2))
                    .containsEntry("budgets", new StoreCopy.TableCount(1, 1))
                    .containsEntry("budget_deferrals", new StoreCopy.TableCount(1, 1));
            var targetSpend = new dev.ibench.activities.spend.SpendStore(postgres);
            assertThat(targetSpend.totals("c", null)).isEqualTo(sourceSpend.totals("c", null));
            assertThat(targetSpend.budget("c", "")).contains(new dev.ibench.core.campaign.Budget(1.0, null));
            targetSpend.record(new dev.ibench.activities.llm.spend.SpendEntry("c", cellB, "m-b", "e", "s1", 0, 1, "ok", null, 1, 1, 1, 0.0));
            assertThat(targetSpend.entries(cellB)).as("new rows continue after the copied ids").hasSize(3);

            ResultsStore target = new ResultsStore(postgres);
            assertThat(target.campaignSpecJson("c")).contains("{\"name\":\"copy me\"}");
            assertThat(target.cells("c")).extracting(CellRecord::cellId).containsExactly(cellB, cellA);
            assertThat(target.cell(cellA)).contains(new CellRecord(cellA, "c", "m-a", "bench", "react", "obfuscated", "/sets/b.json", 1));
            assertThat(target.cellSampleIds(cellB)).containsExactly("s3", "s1", "s2");
            assertThat(target.modelCall(cellB, "s3", 1, 0)).contains(
                    new ModelCallRecord(cellB, "s3", 1, 0, "key-1", "raw text", 120, 30, 4_000_000_000L, true));
            assertThat(target.prompt(cellB, "s3", 1)).contains("{\"raw\":\"prompt\"}");
            assertThat(target.toolExecutions(cellA, "s1", 0)).containsExactly(
                    new ToolExecutionRecord(cellA, "s1", 0, 2, "{\"name\":\"filter_data\"}", "3 rows", true));
            assertThat(target.sampleResults(cellB)).isEqualTo(source.sampleResults(cellB));
            assertThat(new ResponseCache(postgres).lookup("cache-key")).get()
                    .extracting(ModelResponse::text, ModelResponse::latencyMillis).containsExactly("answer", 42L);

            Map<String, StoreCopy.TableCount> again = StoreCopy.copy(sqlite, postgres);
            assertThat(again.values()).as("a second copy adds nothing").allMatch(c -> c.inserted() == 0);
            assertThat(targetSpend.entries(cellB)).hasSize(3);
            assertThat(target.sampleResults(cellB)).hasSize(3);
        }
    }
}
