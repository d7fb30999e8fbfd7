package dev.ibench.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.react.TrajectorySpend;
import org.junit.jupiter.api.Test;

/** The spend column of a cell's and a trajectory's details: calls whose server reported no usage are never "0 tokens". */
class SpendTextTest {
    @Test
    void everyCallReportedUsage() {
        assertThat(SpendText.of(1500, 0.006, 0)).isEqualTo("1,500 tokens · $0.0060");
        assertThat(SpendText.of(1500, null, 0)).isEqualTo("1,500 tokens · —");
        assertThat(SpendText.of(0, null, 0)).isEqualTo("0 tokens · —");
    }

    @Test
    void someCallsReportedNoUsage() {
        assertThat(SpendText.of(1500, 0.006, 3)).isEqualTo("1,500 tokens (+ 3 calls with unknown usage) · at least $0.0060");
        assertThat(SpendText.of(1500, null, 1)).isEqualTo("1,500 tokens (+ 1 call with unknown usage) · —");
    }

    @Test
    void noCallReportedUsage() {
        assertThat(SpendText.of(0, null, 3)).isEqualTo("tokens unknown (3 calls without usage) · —");
        assertThat(SpendText.of(0, null, 1)).isEqualTo("tokens unknown (1 call without usage) · —");
        assertThat(SpendText.of(0, null, 12_345)).isEqualTo("tokens unknown (12,345 calls without usage) · —");
    }

    @Test
    void aCellsProgressAndATrajectoryRenderTheirUnknownCalls() {
        CellProgress p = new CellProgress("c", "m", "b", "direct", CellState.RUNNING, 10, 4, 2, 0, 1, 2, 0, 0, 0, null, 0,
                1200, 300, 0.006, 3);
        assertThat(p.spendText()).isEqualTo("1,500 tokens (+ 3 calls with unknown usage) · at least $0.0060");
        // two steps with usage (100 + 20 each, $0.0005 each) and one without: 240 tokens, 1 unknown, $0.0010
        TrajectorySpend t = TrajectorySpend.NONE.plus(100, 20, 0.0005, false).plus(0, 0, null, true).plus(100, 20, 0.0005, false);
        assertThat(t).isEqualTo(new TrajectorySpend(200, 40, 0.001, 1));
        assertThat(t.describe()).isEqualTo("240 tokens (+ 1 call with unknown usage) · at least $0.0010");
        assertThat(TrajectorySpend.NONE.plus(0, 0, null, true).describe()).isEqualTo("tokens unknown (1 call without usage) · —");
    }
}
