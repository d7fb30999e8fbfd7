package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, "0/1 finished ... in flight 4": since {@link CellVersions#ITEM_SLOTS} a window batch of fewer items than its
 * window counts only its items in flight, so a cell's {@code progress().inFlight()} never exceeds the items it has left.
 * Each run's progress is queried every 20 ms while it runs; the runs are recorded, and replayed with the other mode
 * histories by {@link CellModeHistoriesTest}.
 */
class CellInFlightTest {
    static final String ONE_ITEM = CellModeHistoriesTest.DIR + "cell-window-one-item.json";
    static final String SHORT_LAST_WINDOW = CellModeHistoriesTest.DIR + "cell-window-short-last-batch.json";

    private TestWorkflowEnvironment env;
    private FakeCampaignActivities fake;

    @BeforeEach
    void start() {
        env = CampaignTestEnvironment.create();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    /** One item of 1 s in a window of 4: while its call runs the cell shows 1 in flight, never 4. */
    @Test
    void aOneItemCellShowsAtMostOneInFlight() throws Exception {
        CellPlanEntry entry = cell(1);
        workers(entry).modelLatencyMillis = 1000;
        List<CellProgress> seen = runObserved(startCell(entry, 4));
        assertThat(seen).as("never more in flight than the one item").allMatch(p -> p.inFlight() <= 1);
        assertThat(seen).as("progress while the call ran").anyMatch(p -> p.inFlight() == 1);
        assertThat(fake.paid).containsExactly("a#0/0");
        assertThat(history()).contains(CampaignTestEnvironment.markerInJson(CellVersions.ITEM_SLOTS));
        RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory("cell-a"), ONE_ITEM, CellWorkflowImpl.class);
    }

    /**
     * Six items of 3 s in a window of 2 (3 s: time for the window signal to reach the cell on a loaded machine), the window made 8 as soon as the first batch starts: that batch yields after its
     * first 2 items (it asks its cell before the third, 3 s in), and the last batch holds the 4 items left with a window
     * of 8. It shows 4 in flight then (6 items less the 2 done), not 8.
     */
    @Test
    void aLastBatchSmallerThanItsWindowShowsOnlyItsItemsInFlight() throws Exception {
        CellPlanEntry entry = cell(6);
        workers(entry).modelLatencyMillis = 3000;
        CellWorkflow cell = startCell(entry, 2);
        while (fake.batches.get() < 1) {
            Thread.sleep(5);
        }
        cell.setSamplesInFlight(8);
        List<CellProgress> seen = runObserved(cell);
        assertThat(fake.batches.get()).as("the first batch yielded and a second took the rest").isEqualTo(2);
        assertThat(fake.largestBatch.get()).as("the first batch was given all 6 items").isEqualTo(6);
        assertThat(fake.paid).hasSize(6).doesNotHaveDuplicates();
        assertThat(seen).as("never more in flight than items left")
                .allMatch(p -> p.inFlight() <= p.total() - p.done(), "inFlight <= total - done");
        assertThat(seen).as("progress while the last batch ran").anyMatch(p -> p.samplesInFlight() == 8 && p.inFlight() == 4);
        RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory("cell-a"), SHORT_LAST_WINDOW,
                CellWorkflowImpl.class);
    }

    private static CellPlanEntry cell(int samples) {
        return new CellPlanEntry("a", "m", "bench-a", "direct", "none", samples, 1, TaskQueues.llm("m"));
    }

    private FakeCampaignActivities workers(CellPlanEntry cell) {
        fake = CampaignTestEnvironment.startCellWorkers(env, cell);
        return fake;
    }

    private CellWorkflow startCell(CellPlanEntry cell, int window) {
        return CampaignTestEnvironment.startCell(env, cell, window, false);
    }

    /** The cell's progress every 20 ms until its run ends, the end's progress last; the cell must complete. */
    private List<CellProgress> runObserved(CellWorkflow cell) throws Exception {
        WorkflowStub run = env.getWorkflowClient().newUntypedWorkflowStub("cell-a");
        var result = run.getResultAsync(CellProgress.class);
        List<CellProgress> seen = new ArrayList<>();
        while (!result.isDone()) {
            seen.add(cell.progress());
            Thread.sleep(20);
        }
        CellProgress end = result.get();
        assertThat(end.state()).isEqualTo(CellState.COMPLETED);
        seen.add(end);
        return seen;
    }

    private String history() {
        return env.getWorkflowClient().fetchHistory("cell-a").toJson(false);
    }
}
