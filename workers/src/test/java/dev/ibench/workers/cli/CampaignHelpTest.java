package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 29, acceptance 3: the campaign help (with the compare line's "95%") prints without a picocli warning. */
class CampaignHelpTest {
    @Test
    void campaignHelpHasNoFormatWarningAndListsList() {
        PrintStream err = System.err;
        ByteArrayOutputStream picocliTrace = new ByteArrayOutputStream();
        CliRun run;
        System.setErr(new PrintStream(picocliTrace, true, StandardCharsets.UTF_8));
        try {
            run = CliRun.of("campaign", "--help");
        } finally {
            System.setErr(err);
        }
        assertThat(run.exit()).isZero();
        assertThat(picocliTrace.toString(StandardCharsets.UTF_8) + run.err()).doesNotContain("WARN").doesNotContain("Could not format");
        assertThat(run.out()).contains("paired bootstrap 95% intervals").containsPattern("(?m)^\\s+list\\s+List the campaigns");
    }

    @Test
    void everyCommandAcceptsVerbose() {
        assertThat(CliRun.of("campaign", "list", "--help", "--verbose").exit()).isZero();
        assertThat(CliRun.of("--verbose", "demo", "--help").exit()).isZero();
        assertThat(CliRun.of("build", "--help").out()).contains("--verbose").contains("-v ");
    }
}
