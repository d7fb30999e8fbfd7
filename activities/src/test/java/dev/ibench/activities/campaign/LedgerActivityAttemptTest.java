package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.activities.testing.TemporalRetries;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger's {@code attempt} is Temporal's activity attempt: a campaign's gateway makes one provider attempt per
 * activity attempt, so a direct call whose endpoint (MockWebServer, test double) fails twice with 500 before answering,
 * retried by Temporal, is three rows numbered 1, 2, 3 (before, every row of a campaign said 1).
 */
class LedgerActivityAttemptTest {
    @TempDir Path tmp;

    @Test
    void aCallRetriedTwiceByTemporalIsLedgerAttemptsOneTwoThree() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("m", 32, "");
            fixture.server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom\"}}"));
            fixture.server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom again\"}}"));
            fixture.server.enqueue(new MockResponse().setBody(ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            fixture.campaign("""
                    [{"name": "m", "profile": "m", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("m");
            List<SpendEntry> rows = new CopyOnWriteArrayList<>();
            SpendLedger ledger = new SpendLedger() {
                @Override
                public void record(SpendEntry entry) {
                    rows.add(entry);
                }
            };

            try (TemporalRetries temporal = new TemporalRetries(fixture.activitiesWithLedger(ledger))) {
                temporal.run("CallModel", 3, new WorkItem(cellId, 0, 0));
            }

            assertThat(fixture.server.getRequestCount()).isEqualTo(3);
            assertThat(rows).extracting(SpendEntry::outcome, SpendEntry::attempt).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(SpendEntry.FAILED, 1), org.assertj.core.groups.Tuple.tuple(SpendEntry.FAILED, 2),
                    org.assertj.core.groups.Tuple.tuple(SpendEntry.OK, 3));
        }
    }
}
