package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ibench store migrate} and the {@code --store} option every command inherits (SQLite to SQLite here; PostgreSQL in StoreMigrateIT). */
class StoreMigrateCommandTest {
    @TempDir Path dir;
    private Path source;

    @BeforeEach
    void oneCampaign() {
        source = dir.resolve("old.db");
        try (ResultsDatabase db = ResultsDatabase.open(source)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c1", "one", "{}");
            store.saveCell(new CellRecord("c1/m/b/direct", "c1", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples("c1/m/b/direct", List.of("s1", "s2"));
            store.saveSampleResult(new SampleResultRecord("c1/m/b/direct", "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
        }
    }

    @AfterEach
    void clearStoreOption() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    @Test
    void copiesEveryRowIntoTheTargetAndSaysHowMany() {
        Path target = dir.resolve("new.db");
        CliRun run = CliRun.of("store", "migrate", "--from", source.toString(), "--to", target.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("campaigns\\s+1 rows read,\\s+1 new")
                .containsPattern("cell_samples\\s+2 rows read,\\s+2 new");
        assertThat(resultsIn(target)).extracting(SampleResultRecord::sampleId).containsExactly("s1");

        CliRun again = CliRun.of("store", "migrate", "--from", source.toString(), "--to", target.toString());
        assertThat(again.out()).containsPattern("sample_results\\s+1 rows read,\\s+0 new");
    }

    @Test
    void theInheritedStoreOptionIsTheDefaultTarget() {
        Path target = dir.resolve("via-option.db");
        CliRun run = CliRun.of("store", "migrate", "--from", source.toString(), "--store", target.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("-> jdbc:sqlite:" + target.toAbsolutePath());
        assertThat(resultsIn(target)).hasSize(1);
    }

    @Test
    void aMissingSourceOrTheSameStoreTwiceIsRefused() {
        CliRun missing = CliRun.of("store", "migrate", "--from", dir.resolve("nope.db").toString(), "--to", dir.resolve("x.db").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--from " + dir.resolve("nope.db") + " does not exist");
        CliRun same = CliRun.of("store", "migrate", "--from", source.toString(), "--to", "jdbc:sqlite:" + source);
        assertThat(same.exit()).isEqualTo(2);
        assertThat(same.err()).contains("--from and --to are the same store");
    }

    private static List<SampleResultRecord> resultsIn(Path file) {
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            return new ResultsStore(db).sampleResults("c1/m/b/direct");
        }
    }
}
