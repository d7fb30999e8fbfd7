package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {
    @TempDir Path dir;

    @Test
    void writesAreIdempotentPerKeyAndSurviveReopening() {
        Path file = dir.resolve("results.db");
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c1", "demo", "{}");
            store.saveCell(new CellRecord("c1/m/b/direct", "c1", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples("c1/m/b/direct", List.of("s2", "s1"));
            store.saveCellSamples("c1/m/b/direct", List.of("other"));
            store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s1", 0, 0, "k", "first", 1, 2, 3L, false));
            store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s1", 0, 0, "k", "second", 1, 2, 3L, true));
            store.saveSampleResult(new SampleResultRecord("c1/m/b/direct", "s1", 0, SampleResultRecord.INFRA_ERROR, null, null, "503"));
            store.saveSampleResult(new SampleResultRecord("c1/m/b/direct", "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            assertThat(store.cellSampleIds("c1/m/b/direct")).containsExactly("s2", "s1");
            assertThat(store.modelCall("c1/m/b/direct", "s1", 0, 0)).get()
                    .satisfies(r -> {
                        assertThat(r.rawOutput()).isEqualTo("second");
                        assertThat(r.cacheHit()).isTrue();
                    });
            assertThat(store.sampleResults("c1/m/b/direct")).singleElement()
                    .satisfies(r -> {
                        assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED);
                        assertThat(r.completed()).isTrue();
                    });
            assertThat(store.cells("c1")).extracting(CellRecord::model).containsExactly("m");
            assertThat(store.modelCall("c1/m/b/direct", "s2", 0, 0)).isEmpty();
        }
    }
}
