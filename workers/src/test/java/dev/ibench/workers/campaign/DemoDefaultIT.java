package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.IbenchLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, acceptance 1 and 3: the README's command, {@code ./ibench demo} with its default models (the oracle and
 * SmolLM2), in a fresh {@code IBENCH_HOME} against the real dev server. It runs to its end (exit 0) with every planned
 * cell completed, SmolLM2 scored on at least one cell, the samples that cannot fit SmolLM2's context listed as skipped
 * and never sent, the HTML report written, and only ibench's own lines on the terminal. Then {@code campaign list}
 * and {@code campaign status} (no id: the newest) show the demo's campaign as completed.
 */
class DemoDefaultIT {
    @TempDir Path dir;

    @Test
    void theReadmeDemoRunsToItsEnd() throws Exception {
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir)) {
            IbenchLauncher ibench = IbenchLauncher.inFreshHome(dir, Map.of("TEMPORAL_ADDRESS", server.address()));
            IbenchLauncher.Run demo = ibench.run(Duration.ofMinutes(40), "demo");
            String out = demo.output();
            assertThat(demo.exit()).as(out).isZero();

            assertThat(demo.lines()).as("only ibench's own lines: no library log, no stack trace")
                    .noneMatch(l -> l.contains("WARN") || l.contains("Exception") || l.contains("\tat "));
            // SEL superhero prompts (12-13k tokens) cannot fit SmolLM2's 8192-token context: listed, never sent
            assertThat(out).containsPattern("sel-superhero \\S+ \\(smollm2\\) skipped: prompt 1\\d{4} tokens > context 8192");
            assertThat(out).contains("sel-superhero: left out");

            String finalStatus = out.substring(out.indexOf("Final status:"));
            assertThat(finalStatus).contains("): COMPLETED").doesNotContain("[RUNNING]");
            List<String> cellLines = finalStatus.lines().filter(l -> l.contains(" / direct ")).toList();
            assertThat(cellLines).as("oracle and smollm2 on SLOT superhero and BFCL simple").hasSize(4)
                    .allMatch(l -> l.endsWith("[COMPLETED]"));
            assertThat(cellLines).anyMatch(l -> l.contains("smollm2 / slot-superhero")).anyMatch(l -> l.contains("smollm2 / bfcl-simple"));
            // the oracle answers the gold: every scored item correct, BFCL judged by its AST check (3 samples by default)
            assertThat(finalStatus).contains("correct 3 of 3 scored (100.0%)").contains("correct 1 of 1 scored (100.0%)");

            Matcher html = Pattern.compile("HTML report: (\\S+)").matcher(out);
            assertThat(html.find()).as(out).isTrue();
            Path report = Path.of(html.group(1));
            assertThat(report).startsWith(ibench.home().resolve(".ibench/demo")).exists();
            assertThat(Files.readString(report)).contains("<html").contains("smollm2").contains("bfcl-simple");
            assertThat(out).contains("Web UI: ");

            String campaignId = out.replaceAll("(?s).*Started campaign (demo-\\d{8}-\\d{6}).*", "$1");
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + ibench.home().resolve(".ibench/results.db"));
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sample_results WHERE status='scored' AND cell_id LIKE '"
                         + campaignId + "/smollm2/%'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("SmolLM2's scored items: 1 SLOT + 3 BFCL").isEqualTo(4);
            }

            IbenchLauncher.Run list = ibench.run(Duration.ofMinutes(5), "campaign", "list");
            assertThat(list.exit()).as(list.output()).isZero();
            assertThat(list.lines()).anyMatch(l -> l.startsWith(campaignId) && l.contains("COMPLETED") && l.contains("8/8"));
            IbenchLauncher.Run status = ibench.run(Duration.ofMinutes(5), "campaign", "status");
            assertThat(status.exit()).as(status.output()).isZero();
            assertThat(status.output()).contains("campaign " + campaignId + " (demo): COMPLETED");
        }
    }
}
