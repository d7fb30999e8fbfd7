package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ibench build --style slot,rest} writes the REST files next to the SLOT eval set and REST counts into coverage.json. */
class BuildRestCommandTest {
    @TempDir
    Path tmp;

    private static Path data() {
        return Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data");
    }

    @Test
    void buildsRestNextToSlot() throws Exception {
        Path out = tmp.resolve("out");
        int code = new CommandLine(new IbenchCli()).execute("build", "--source", "spider", "--root", data().resolve("spider").toString(),
                "--db", "singer", "--style", "slot,rest", "--out", out.toString());
        assertThat(code).isZero();
        for (String f : new String[] {"slot", "rest", "rest-endpoints", "openapi", "rest-tools"}) {
            assertThat(out.resolve("spider-singer-" + f + ".json")).exists();
        }
        JsonNode cov = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
        assertThat(cov.get("style").asText()).isEqualTo("slot");
        JsonNode rest = cov.get("by_style").get("rest");
        assertThat(rest.get("questions").asInt()).isEqualTo(30);
        assertThat(rest.get("verified").asInt()).isEqualTo(30);
        assertThat(cov.get("rest").get("produced_by").get("deterministic").asInt()).isEqualTo(cov.get("rest").get("endpoints").asInt()).isPositive();
    }

    @Test
    void serveToolsRefusesAFolderWithoutEndpoints() {
        int code = new CommandLine(new IbenchCli()).execute("serve-tools", tmp.toString(), "--port", "0");
        assertThat(code).isEqualTo(2);
    }
}
