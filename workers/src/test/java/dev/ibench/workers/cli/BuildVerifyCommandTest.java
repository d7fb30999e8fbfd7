package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BuildVerifyCommandTest {
    @TempDir
    Path tmp;

    private static Path data() {
        return Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data");
    }

    @Test
    void buildsASpiderDatabaseAndVerifiesItCompletely() throws Exception {
        Path out = tmp.resolve("out");
        int build = new CommandLine(new IbenchCli()).execute("build", "--source", "spider", "--root", data().resolve("spider").toString(),
                "--db", "singer", "--style", "slot,sel", "--mode", "extended", "--out", out.toString());
        assertThat(build).isZero();
        JsonNode cov = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
        assertThat(cov.get("questions").asInt()).isEqualTo(30);
        assertThat(cov.get("verified").asInt()).isGreaterThan(20);
        assertThat(cov.get("by_db").has("singer")).isTrue();
        assertThat(out.resolve("spider-singer-slot.json")).exists();
        assertThat(out.resolve("spider-singer-sel.json")).exists();

        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true));
        int verify;
        try {
            verify = new CommandLine(new IbenchCli()).execute("verify", out.toString(), "--json");
        } finally {
            System.setOut(old);
        }
        assertThat(verify).isZero();
        JsonNode v = Json.MAPPER.readTree(buf.toString());
        assertThat(v.get("agreement").asDouble()).isEqualTo(1.0);
        assertThat(v.get("samples").asInt()).isGreaterThan(40);
    }

    @Test
    void rejectsUnknownModeWithAClearMessage() {
        int code = new CommandLine(new IbenchCli()).execute("build", "--source", "bird", "--root", "x", "--mode", "fancy", "--out", tmp.toString());
        assertThat(code).isEqualTo(2);
    }
}
