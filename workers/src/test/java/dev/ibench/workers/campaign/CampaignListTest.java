package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29, item 3: {@code campaign list} from the results store, newest first, with finished of planned items. */
class CampaignListTest {
    @TempDir Path dir;

    @Test
    void newestFirstWithFinishedOfPlannedCountedByHand() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("first-1", "first", "{}");
            Thread.sleep(20);
            store.saveCampaign("second-1", "second", "{}");
            // second: one cell, 3 samples x 2 trials = 6 planned; 3 settled (scored, infra_error, rejected)
            store.saveCell(new CellRecord("second-1/m/b/direct/none", "second-1", "m", "b", "direct", "none", "sha256:x", 2));
            store.saveCellSamples("second-1/m/b/direct/none", List.of("s1", "s2", "s3"));
            store.saveSampleResult(new SampleResultRecord("second-1/m/b/direct/none", "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
            store.saveInfraError("second-1/m/b/direct/none", "s2", 0, "connection reset");
            store.saveRejected("second-1/m/b/direct/none", "s3", 1, "prompt too long");

            CampaignList list = new CampaignList(store, new SpendStore(db));
            List<CampaignList.Row> rows = list.rows(null);
            assertThat(rows).extracting(CampaignList.Row::campaignId).containsExactly("second-1", "first-1");
            assertThat(rows.get(0).planned()).isEqualTo(6);
            assertThat(rows.get(0).finished()).isEqualTo(3);
            assertThat(rows.get(1).planned()).as("not planned yet").isZero();
            assertThat(rows).allMatch(r -> r.state().equals(CampaignList.UNKNOWN) && r.tokens() == 0 && r.costUsd() == null);
            assertThat(list.newest()).contains("second-1");
            assertThat(CampaignList.render(rows)).contains("second-1", "3/6", "first-1", "0/0", "UNKNOWN");
        }
    }

    @Test
    void anEmptyStoreSaysSo() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("empty.db"))) {
            CampaignList list = new CampaignList(new ResultsStore(db), new SpendStore(db));
            assertThat(list.rows(null)).isEmpty();
            assertThat(list.newest()).isEmpty();
            assertThat(CampaignList.render(List.of())).isEqualTo("no campaigns in the results store\n");
        }
    }
}
