package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code serve-tools --cache-mb} outside 0..1048576, {@code --max-rows} below 1 and {@code --threads} outside 1..256 are
 * refused before anything is loaded or bound.
 */
class ServeToolsCacheOptionTest {
    @TempDir
    Path tmp;

    private String refused(String option, String value) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(captured, true));
            code = new CommandLine(new IbenchCli()).execute("serve-tools", tmp.toString(), "--port", "0", option, value);
        } finally {
            System.setErr(err);
        }
        assertThat(code).as(option + " " + value).isEqualTo(2);
        return captured.toString();
    }

    @Test
    void aNegativeCacheSizeIsRefusedNamingTheOption() {
        assertThat(refused("--cache-mb", "-1")).contains("--cache-mb").contains("-1");
    }

    @Test
    void maxRowsBelowOneAndThreadsOutsideTheirRangeAreRefused() {
        assertThat(refused("--max-rows", "-5")).contains("--max-rows must be at least 1").contains("-5");
        assertThat(refused("--max-rows", "0")).contains("--max-rows must be at least 1");
        assertThat(refused("--threads", "0")).contains("--threads must be between 1 and 256, got 0");
        assertThat(refused("--threads", "100000")).contains("--threads must be between 1 and 256");
    }
}
