package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The documented exit codes of {@code demo} and {@code campaign start --wait} (docs/cli.md). */
class CampaignExitTest {
    private static CampaignStatus.CellEntry cell(String id, CellState state) {
        return new CampaignStatus.CellEntry(id, "ibench-cell-" + id, "m", "b", "direct", 2, state,
                state == CellState.COMPLETED ? null : "stopped: 2 of 2 items rejected");
    }

    @Test
    void zeroOnlyWhenTheCampaignAndEveryCellCompleted() {
        assertThat(CampaignExit.of(new CampaignStatus("c", "n", CellState.COMPLETED,
                List.of(cell("a", CellState.COMPLETED), cell("b", CellState.COMPLETED))))).isZero();
    }

    @Test
    void aStoppedCellIsItsOwnCodeWhateverTheCampaignStateSays() {
        assertThat(CampaignExit.of(new CampaignStatus("c", "n", CellState.FAILED,
                List.of(cell("a", CellState.COMPLETED), cell("b", CellState.FAILED))))).isEqualTo(4);
        assertThat(CampaignExit.of(new CampaignStatus("c", "n", CellState.COMPLETED,
                List.of(cell("a", CellState.FAILED))))).isEqualTo(4);
        assertThat(CampaignExit.CELLS_STOPPED).isNotIn(CampaignExit.FINISHED, CampaignExit.ERROR, CampaignExit.NO_WORKER);
    }
}
