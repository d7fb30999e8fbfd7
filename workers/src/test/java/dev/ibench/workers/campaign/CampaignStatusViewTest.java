package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.core.campaign.Budget;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CampaignStatusViewTest {
    @Test
    void saysWhatEachCountCountsAndShowsRejectedItemsNextToInfraErrors() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "smollm2", "sel-bird",
                "direct", 10, CellState.COMPLETED, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.COMPLETED, List.of(entry));
        CellProgress live = new CellProgress("c/m/b/direct", "smollm2", "sel-bird", "direct", CellState.COMPLETED, 10, 10, 6, 1,
                0, 4, 1_000, 2_000, 0, null, 3);

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, live)));

        // 10 finished = 6 scored + 1 infra_error + 3 rejected; all 6 scored answers were correct
        assertThat(out).contains("10/10 finished").contains("correct 6 of 6 scored (100.0%)")
                .contains("infra_errors 1  rejected 3  deferred 0  in flight 0").contains("[COMPLETED]");
    }

    @Test
    void aRunningCellShowsItsRateAndEtaInThisRun() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/react", "cell-c/m/b/react", "m", "b",
                "react", 200, CellState.RUNNING, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.RUNNING, List.of(entry));
        // this run started at t = 1 s with 40 items done and has 48 done at t = 11 s: 8 items in 10 s = 0.80 items/s;
        // 200 - 48 = 152 left at 0.8 items/s = 190 s = 3m10s
        CellProgress live = new CellProgress("c/m/b/react", "m", "b", "react", CellState.RUNNING, 200, 48, 30, 0,
                4, 4, 1_000, 11_000, 40, null, 0);

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, live)));

        assertThat(out).contains("48/200 finished").contains("in flight 4  0.80 items/s  ETA 3m10s");
    }

    @Test
    void inFlightIsAtMostTheItemsLeft() {
        // issue 45, seen in the demo: a one-item cell whose window batch holds all 4 slots said "0/1 finished ... in flight 4"
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "smollm2", "bfcl",
                "direct", 1, CellState.RUNNING, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.RUNNING, List.of(entry));
        CellProgress live = new CellProgress("c/m/b/direct", "smollm2", "bfcl", "direct", CellState.RUNNING, 1, 0, 0, 0,
                4, 4, 1_000, 2_000, 0, null, 0);

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, live)));

        assertThat(out).contains("0/1 finished").contains("in flight 1").doesNotContain("in flight 4");
        assertThat(live.inFlightShown()).isEqualTo(1);
        // 10 items, 8 done: at most 2 in flight; a finished cell none
        assertThat(new CellProgress("c", "m", "b", "direct", CellState.RUNNING, 10, 8, 0, 0, 4, 4, 0, 0, 0, null, 0).inFlightShown())
                .isEqualTo(2);
        assertThat(new CellProgress("c", "m", "b", "direct", CellState.COMPLETED, 10, 10, 0, 0, 4, 4, 0, 0, 0, null, 0).inFlightShown())
                .isZero();
    }

    @Test
    void showsSpendPerCellAndPerModelAgainstTheBudgetAndTheBudgetPause() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "m", "b",
                "direct", 20, CellState.RUNNING, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.PAUSED_BUDGET, List.of(entry),
                "budget reached: campaign c spent 0.006000 USD");
        // 8 done of which 2 were refused for budget (counted by the cell as infra errors until they run)
        CellProgress live = new CellProgress("c/m/b/direct", "m", "b", "direct", CellState.PAUSED, 20, 8, 3, 2,
                0, 4, 1_000, 5_000, 0, null, 0);
        SpendTotals spent = new SpendTotals(3, 2, 1, 1200, 300, 0.006, 90);

        String out = CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, live, spent, 2)),
                new CampaignStatusView.Spend(spent, Map.of("m", spent), Map.of("", new Budget(0.005, null))));

        assertThat(out).contains("PAUSED_BUDGET").contains("paused: budget reached: campaign c")
                .contains("correct 3 of 6 scored (50.0%)").contains("infra_errors 0  rejected 0  deferred 2")
                .contains("spend $0.006000, 1500 tokens (1200 in, 300 out), 3 attempts (2 failed), 1 cache hits")
                .contains("budget usd 0.005").contains("model m: $0.006000");
    }

    @Test
    void answersWhoseTokensAreUnknownAreSaidSoInTheSpendLine() {
        SpendTotals spent = new SpendTotals(4, 0, 0, 1200, 300, 0.006, 90, 2, 0);
        assertThat(CampaignStatusView.spendLine(spent))
                .isEqualTo("$0.006000, 1500 tokens (1200 in, 300 out), 4 attempts (0 failed), 0 cache hits,"
                        + " tokens unknown for 2 answers (no usage block, no tokenizer)");
        assertThat(CampaignStatusView.spendLine(new SpendTotals(4, 0, 0, 1200, 300, 0.006, 90))).doesNotContain("unknown");
    }

    @Test
    void cachedPromptTokensAreShownAsAShareOfThePromptAndAMissingCachedPriceIsSaid() {
        // 1200 prompt tokens of which 900 cached: 75.0%
        SpendTotals priced = new SpendTotals(4, 0, 0, 1200, 300, 0.004, 90, 0, 0, 900, 0);
        assertThat(CampaignStatusView.spendLine(priced))
                .isEqualTo("$0.004000, 1500 tokens (1200 in (900 cached, 75.0%), 300 out), 4 attempts (0 failed), 0 cache hits");
        SpendTotals atInputPrice = new SpendTotals(4, 0, 0, 1200, 300, 0.006, 90, 0, 0, 900, 900);
        assertThat(CampaignStatusView.spendLine(atInputPrice)).endsWith(
                ", 900 cached tokens priced as new input (the profile states no price_per_million_cached_input)");
    }

    /** Without the ledger (its store cannot be opened), the cell's own count of what it paid, unknown usage apart. */
    @Test
    void withoutTheLedgerACellShowsWhatItsFinishedCallsPaidNeverUnknownUsageAsZeroTokens() {
        CampaignStatus.CellEntry entry = new CampaignStatus.CellEntry("c/m/b/direct", "cell-c/m/b/direct", "m", "b",
                "direct", 3, CellState.RUNNING, null);
        CampaignStatus status = new CampaignStatus("c", "demo", CellState.RUNNING, List.of(entry));
        CellProgress none = new CellProgress("c/m/b/direct", "m", "b", "direct", CellState.RUNNING, 3, 3, 0, 0,
                0, 2, 1_000, 2_000, 0, null, 0, 0, 0, null, 3);
        CellProgress some = new CellProgress("c/m/b/direct", "m", "b", "direct", CellState.RUNNING, 3, 3, 0, 0,
                0, 2, 1_000, 2_000, 0, null, 0, 20, 10, null, 1);

        assertThat(CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, none))))
                .contains("\n      paid (finished calls) tokens unknown (3 calls without usage) · —\n").doesNotContain("0 tokens");
        assertThat(CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, some))))
                .contains("\n      paid (finished calls) 30 tokens (+ 1 call with unknown usage) · —\n");
        SpendTotals ledger = new SpendTotals(3, 0, 0, 20, 10, null, 90, 1, 0);
        assertThat(CampaignStatusView.render(status, List.of(new CampaignStatusView.CellView(entry, some, ledger, 0))))
                .as("the ledger's line when it was read").doesNotContain("paid (finished calls)")
                .contains("tokens unknown for 1 answers");
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
