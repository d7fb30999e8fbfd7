package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import org.junit.jupiter.api.Test;

class CampaignStatusViewTest {
    @Test
    void showsRejectedItemsNextToInfraErrors() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "smollm2", "sel-bird",
                "direct", 10, CellState.COMPLETED, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.COMPLETED, List.of(entry));
        CellProgress live = new CellProgress("c/m/b/direct", "smollm2", "sel-bird", "direct", CellState.COMPLETED, 10, 10, 6, 1,
                0, 4, 1_000, 2_000, 0, null, 3);

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, live)));

        assertThat(out).contains("10/10").contains("completed 6  infra_errors 1  rejected 3  in flight 0").contains("[COMPLETED]");
    }
}
