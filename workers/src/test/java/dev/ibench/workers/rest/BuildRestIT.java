package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.json.Json;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.TemporalCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench build --style slot,rest} on the real dev server: the REST outputs come from a completed
 * RestGenerationWorkflow (findable in the UI by its search attributes), sit next to the SLOT eval set, and their
 * counts are in coverage.json. Built twice, the second build reuses the first one's finished steps.
 */
class BuildRestIT {
    @TempDir
    Path tmp;

    private static Path data() {
        return (Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data")).toAbsolutePath().normalize();
    }

    private int build(DevServerProcess server, Path out, String log) throws Exception {
        try (CliProcess cli = CliProcess.start(List.of("build", "--source", "spider", "--root", data().resolve("spider").toString(), "--db", "singer",
                        "--style", "slot,rest", "--out", out.toString()), "", tmp.resolve(log),
                Map.of("TEMPORAL_ADDRESS", server.address(), "IBENCH_RESULTS_DB", tmp.resolve("results.db").toString()))) {
            return cli.waitForExit(Duration.ofMinutes(5));
        }
    }

    @Test
    void buildsRestThroughTheWorkflowNextToSlot() throws Exception {
        try (DevServerProcess server = DevServerProcess.start(tmp.resolve("temporal.db"), tmp)) {
            Path out = tmp.resolve("out");
            assertThat(build(server, out, "build-1.log")).as(Files.readString(tmp.resolve("build-1.log"))).isZero();
            for (String f : new String[] {"slot", "rest", "rest-endpoints", "openapi", "rest-tools", "rest-report"}) {
                assertThat(out.resolve("spider-singer-" + f + ".json")).exists();
            }
            // the steps' records are in the results store (content by hash in its artifact tables), not under --out
            assertThat(out.resolve(".rest-work")).doesNotExist();
            try (ResultsDatabase results = ResultsDatabase.open(tmp.resolve("results.db")); Connection c = results.connection();
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT r.work_id), COUNT(a.sha256) FROM rest_work_records r"
                         + " LEFT JOIN artifacts a ON a.sha256 = r.sha256 WHERE r.name = 'plan.json' OR r.name = 'dedup.json'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).as("plan and dedup records of the one REST job").isEqualTo(2);
                assertThat(rs.getInt(2)).isEqualTo(1);
                assertThat(rs.getInt(3)).as("each names a stored artifact").isEqualTo(2);
            }
            JsonNode cov = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
            assertThat(cov.get("style").asText()).isEqualTo("slot");
            JsonNode rest = cov.get("by_style").get("rest");
            assertThat(rest.get("questions").asInt()).isEqualTo(30);
            assertThat(rest.get("verified").asInt()).isEqualTo(rest.get("questions").asInt() - rest.get("by_reason").path("near_duplicate").asInt(0))
                    .isGreaterThanOrEqualTo(27);
            assertThat(cov.get("rest").get("produced_by").get("deterministic").asInt()).isEqualTo(cov.get("rest").get("endpoints").asInt()).isPositive();
            String workflowId = cov.get("rest").get("workflows").get(0).asText();
            assertThat(workflowId).startsWith("rest-spider-singer-");

            // acceptance 2 on the workflow's own output: every published endpoint, over HTTP, returns the gold answer
            try (RestToolServer tools = new RestToolServer(PublishedEndpoints.load(out, null), "127.0.0.1", 0, 4, 10_000)) {
                assertThat(RestFixture.assertEverySampleAnswersOverHttp(out, "spider-singer", tools.port())).isEqualTo(rest.get("verified").asInt());
            }

            String listed = TemporalCli.listWorkflows(server.cli(), server.address(), "IbenchBenchmark = 'rest:spider/singer' AND IbenchState = 'COMPLETED'");
            assertThat(listed).contains(workflowId);

            // the same build again: a new run of the same workflow id whose steps all find their results in the work store
            String first = Files.readString(out.resolve("spider-singer-rest-endpoints.json"));
            Files.delete(out.resolve("spider-singer-rest-endpoints.json"));
            assertThat(build(server, out, "build-2.log")).as(Files.readString(tmp.resolve("build-2.log"))).isZero();
            assertThat(Files.readString(out.resolve("spider-singer-rest-endpoints.json"))).isEqualTo(first);
        }
    }
}
