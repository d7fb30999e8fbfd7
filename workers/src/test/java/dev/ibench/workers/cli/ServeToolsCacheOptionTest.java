package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code serve-tools --cache-mb} outside 0..1048576 is refused before anything is loaded or bound. */
class ServeToolsCacheOptionTest {
    @TempDir
    Path tmp;

    @Test
    void aNegativeCacheSizeIsRefusedNamingTheOption() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(captured, true));
            code = new CommandLine(new IbenchCli()).execute("serve-tools", tmp.toString(), "--port", "0", "--cache-mb", "-1");
        } finally {
            System.setErr(err);
        }
        assertThat(code).isEqualTo(2);
        assertThat(captured.toString()).contains("--cache-mb").contains("-1");
    }
}
