package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.ErrorCount;
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

    @Test
    void showsTheWarningsACellRecordedUnderItsLine() {
        CampaignStatus.CellEntry json = new CampaignStatus.CellEntry("c/j/b/direct", "cell-c/j/b/direct", "json-model", "slot",
                "direct", 4, CellState.RUNNING, null);
        CampaignStatus.CellEntry plain = new CampaignStatus.CellEntry("c/p/b/direct", "cell-c/p/b/direct", "plain-model", "slot",
                "direct", 4, CellState.RUNNING, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.RUNNING, List.of(json, plain));
        List<ErrorCount> warnings = List.of(new ErrorCount("warning_constraint_ignored", 3, "profile j asks for constrained output"),
                new ErrorCount("warning_tools_dropped", 1, "profile j sends 2 native tools"));

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(json, null, warnings),
                new CampaignStatusView.CellView(plain, null)));

        List<String> lines = out.lines().toList();
        int jsonLine = lines.indexOf(lines.stream().filter(l -> l.contains("json-model")).findFirst().orElseThrow());
        assertThat(lines.get(jsonLine + 1)).isEqualTo("      WARNING (3 answers): profile j asks for constrained output");
        assertThat(lines.get(jsonLine + 2)).isEqualTo("      WARNING (1 answer): profile j sends 2 native tools");
        assertThat(lines.get(jsonLine + 3)).contains("plain-model");
        assertThat(out.lines().filter(l -> l.contains("WARNING"))).hasSize(2);
    }
}
