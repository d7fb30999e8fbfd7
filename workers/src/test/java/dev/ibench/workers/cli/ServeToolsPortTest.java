package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Issue 45, unclear messages: {@code serve-tools --port -1} said "address in use"; it now names the option and its range. */
class ServeToolsPortTest {
    @TempDir Path dir;

    @Test
    void aNegativePortIsRefusedNamingTheOptionBeforeAnythingIsRead() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream previous = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = new CommandLine(new IbenchCli()).execute("serve-tools", dir.toString(), "--port", "-1");
        } finally {
            System.setErr(previous);
        }
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("serve-tools: --port must be between 0 and 65535 (0 picks a free one), got -1")
                .doesNotContain("address in use");
    }
}
