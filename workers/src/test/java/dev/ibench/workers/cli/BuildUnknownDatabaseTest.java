package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A database id the dataset does not have is refused before anything is built, with its name and the ids that exist. */
class BuildUnknownDatabaseTest {
    @TempDir
    Path tmp;

    @Test
    void namesTheUnknownDatabase() {
        Path data = Files.isDirectory(Path.of("data/spider")) ? Path.of("data") : Path.of("../data");
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(captured, true));
            code = new CommandLine(new IbenchCli()).execute("build", "--source", "spider", "--root", data.resolve("spider").toString(),
                    "--db", "singer,no_such_db", "--style", "slot,rest", "--out", tmp.resolve("out").toString());
        } finally {
            System.setErr(err);
        }
        assertThat(code).isEqualTo(2);
        assertThat(captured.toString()).contains("has no database [no_such_db]").contains("concert_singer");
        assertThat(tmp.resolve("out")).doesNotExist();
    }
}
