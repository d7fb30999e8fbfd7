package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 45 B6: names stored before the campaign file refused them (or read from another installation's store) reach
 * the terminal escaped: a terminal escape in a campaign or benchmark name is shown as text, never acted on.
 */
class CampaignStatusEscapingTest {
    @Test
    void controlCharactersInNamesAreShownEscaped() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "m",
                "\u001b[2Jwiped", "direct", 10, CellState.COMPLETED, null);
        CampaignStatus status = new CampaignStatus("c", "demo\u001b]0;title\u0007", CellState.COMPLETED, List.of(entry));

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, null)));

        assertThat(out).contains("m / \\u001b[2Jwiped / direct").contains("(demo\\u001b]0;title\\u0007)")
                .doesNotContain("\u001b").doesNotContain("\u0007");
    }
}
