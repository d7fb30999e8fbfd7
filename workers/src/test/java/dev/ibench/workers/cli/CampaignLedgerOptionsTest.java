package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.testing.FreePorts;
import org.junit.jupiter.api.Test;

/** Options of status --watch and resume --budget are checked before any server or store is contacted. */
class CampaignLedgerOptionsTest {
    private static String nowhere() {
        return "127.0.0.1:" + FreePorts.next();
    }

    @Test
    void watchTakesAnIntervalOfOneTo3600Seconds() {
        for (String bad : new String[] {"0", "3601"}) {
            CliRun r = CliRun.of("campaign", "status", "x", "--watch", bad, "--address", nowhere());
            assertThat(r.exit()).as(bad).isEqualTo(2);
            assertThat(r.err()).contains("--watch: the refresh interval must be 1 to 3600 seconds, got " + bad);
        }
    }

    @Test
    void resumeBudgetNamesWhatIsWrong() {
        CliRun unknown = CliRun.of("campaign", "resume", "x", "--budget", "dollars=3", "--address", nowhere());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("--budget: unknown limit 'dollars' (valid: usd, tokens)");
        CliRun zero = CliRun.of("campaign", "resume", "x", "--budget", "usd=0", "--address", nowhere());
        assertThat(zero.err()).contains("budget.usd: must be > 0");
        CliRun modelAlone = CliRun.of("campaign", "resume", "x", "--model", "m", "--address", nowhere());
        assertThat(modelAlone.exit()).isEqualTo(2);
        assertThat(modelAlone.err()).contains("--model: only with --budget");
    }

    @Test
    void budgetOptionParsesEitherLimitOrBoth() {
        assertThat(BudgetOption.parse("usd=2.5")).isEqualTo(new BudgetOption.Raise(2.5, null));
        assertThat(BudgetOption.parse("tokens=1000, usd=3")).isEqualTo(new BudgetOption.Raise(3.0, 1000L));
        assertThatThrownBy(() -> BudgetOption.parse("usd")).hasMessageContaining("expected usd=N and/or tokens=N");
        assertThatThrownBy(() -> BudgetOption.parse("tokens=lots")).hasMessageContaining("tokens: not a number: 'lots'");
    }
}
