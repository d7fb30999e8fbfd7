package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report written with {@code --out} as it is made lands whole or not at all: a failure leaves no partial file. */
class StreamedOutputFileTest {
    @TempDir Path dir;

    @Test
    void aCompleteReportReplacesTheFileAndAFailedOneLeavesNothing() throws Exception {
        Path out = dir.resolve("sub/r.json");
        CommandOutput.write(out, w -> w.write("{\"a\" : 1}"));
        assertThat(out).hasContent("{\"a\" : 1}");

        assertThatThrownBy(() -> CommandOutput.write(out, w -> {
            w.write("{\"cells\" : [");
            throw new IOException("the store went away");
        })).hasMessageContaining("the store went away");
        assertThat(out).as("the earlier report is kept").hasContent("{\"a\" : 1}");
        try (var files = Files.list(out.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("r.json");
        }
    }
}
