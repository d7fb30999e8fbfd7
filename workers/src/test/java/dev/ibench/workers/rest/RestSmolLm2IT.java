package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REST generation with the real SmolLM2-135M (in-process GGUF) as the code-gen model, on the real dev server:
 * the workflow completes, every question's first attempt is the model's, and the report says how many endpoints
 * each path produced. (A 135M model's proposals mostly fail, and the deterministic generator takes over.)
 */
class RestSmolLm2IT {
    @TempDir
    Path tmp;

    @Test
    void smolLm2CodegenCompletesAndReportsEachPath() throws Exception {
        Path data = (Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data")).toAbsolutePath().normalize();
        Path out = tmp.resolve("out");
        try (DevServerProcess server = DevServerProcess.start(tmp.resolve("temporal.db"), tmp);
             CliProcess cli = CliProcess.start(List.of("build", "--source", "bird", "--root", data.resolve("bird").toString(), "--db", "superhero",
                     "--style", "rest", "--codegen-model", "smollm2", "--limit", "3", "--max-attempts", "1", "--out", out.toString()), "",
                     tmp.resolve("build.log"), Map.of("TEMPORAL_ADDRESS", server.address(), "IBENCH_RESULTS_DB", tmp.resolve("results.db").toString()))) {
            assertThat(cli.waitForExit(Duration.ofMinutes(10))).as(cli.output()).isZero();
        }
        JsonNode report = Json.MAPPER.readTree(out.resolve("bird-superhero-rest-report.json").toFile());
        assertThat(report.get("questions").asInt()).isEqualTo(3);
        assertThat(report.get("model_attempts").asInt()).isEqualTo(3);
        int producedBy = 0;
        for (var e : report.get("produced_by").properties()) producedBy += e.getValue().asInt();
        assertThat(producedBy).isEqualTo(report.get("endpoints").asInt());
        int verifiedBy = 0;
        for (var e : report.get("verified_by").properties()) verifiedBy += e.getValue().asInt();
        assertThat(verifiedBy).isEqualTo(report.get("verified").asInt()).isEqualTo(3);
        for (JsonNode q : report.get("by_question")) {
            assertThat(q.get("attempts").get(0).get("producer").asText()).isEqualTo("llm:smollm2");
            assertThat(q.get("status").asText()).isEqualTo("verified");
        }
        JsonNode cov = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
        assertThat(cov.get("rest").get("codegen_model").asText()).isEqualTo("smollm2");
        assertThat(cov.get("rest").get("produced_by")).isEqualTo(report.get("produced_by"));
    }
}
