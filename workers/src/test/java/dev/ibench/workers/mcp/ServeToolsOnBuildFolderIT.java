package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.testing.CliProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, acceptance 4: {@code ibench serve-tools DIR --mcp stdio} on a fresh {@code ibench build --style sel --out DIR}
 * (which writes {@code artifacts.json} and {@code coverage.json} next to the eval set) starts without
 * {@code --eval-set}. Both commands run as their own processes; stdin at its end stops the server.
 */
class ServeToolsOnBuildFolderIT {
    @TempDir Path dir;

    @Test
    void servesTheBuildsOnlyEvalSet() throws Exception {
        Path out = dir.resolve("out");
        Path data = IbenchHome.resolve().root().resolve("data");
        Map<String, String> env = Map.of("IBENCH_STORE", dir.resolve("results.db").toString(), "IBENCH_HOME", dir.toString());
        try (CliProcess build = CliProcess.isolated(List.of("build", "--source", "bird", "--root", data.resolve("bird").toString(),
                "--db", "superhero", "--style", "sel", "--out", out.toString()), "", dir.resolve("build.log"), env, dir)) {
            assertThat(build.waitForExit(Duration.ofMinutes(5))).as(build.output()).isZero();
        }
        assertThat(out.resolve("artifacts.json")).exists();
        assertThat(out.resolve("coverage.json")).exists();

        try (CliProcess serve = CliProcess.isolated(List.of("serve-tools", out.toString(), "--mcp", "stdio"), "", dir.resolve("serve.log"), env, dir)) {
            assertThat(serve.waitForExit(Duration.ofMinutes(2))).as(serve.output()).isZero();
            assertThat(serve.output()).containsPattern("serve-tools: MCP over stdio: \\d+ tools, \\d+ samples of bird-superhero-sel.json")
                    .doesNotContain("choose one with --eval-set");
        }
    }
}
