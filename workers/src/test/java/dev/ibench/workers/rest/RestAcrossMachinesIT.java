package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeCodegenEndpoint;
import dev.ibench.workers.testing.FakeCodegenEndpoint.Kind;
import dev.ibench.workers.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: REST generation spread over "machines" that share no folder, only the Temporal address and the results
 * store (a real PostgreSQL). One worker (own {@code IBENCH_HOME} and working directory) serves workflows, tools and
 * scoring; another serves the code-gen model (a fake OpenAI endpoint, test double) from a home of its own; the build
 * runs from a third with {@code --no-worker}. The model worker reads the plan and gold rows the tools worker wrote and
 * writes proposals the tools worker executes: all through the store. Nothing is written under any {@code .rest-work}.
 *
 * <p>Issue 33: the dataset is on the build's machine only, and deleted once the build has stored it; the workers
 * start after that in empty folders with no {@code --root} and no data root. They read it from the artifact store by
 * hash and publish the outputs there, and the build downloads them into {@code --out}.
 */
@ExtendWith(LocalPostgresExtension.class)
class RestAcrossMachinesIT {
    private static final String PROFILE = "fake-codegen";

    @TempDir Path dir;

    private Path machine(String name) throws Exception {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(home.resolve("profiles"));
        return home;
    }

    private static void profile(Path home, FakeCodegenEndpoint model) throws Exception {
        Files.writeString(home.resolve("profiles").resolve(PROFILE + ".yaml"), """
                # TEST DOUBLE profile: the fake code-gen endpoint of RestAcrossMachinesIT
                name: %s
                provider: openai
                base_url: %s
                model: fake-codegen
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 512
                max_concurrency: 4
                timeout_seconds: 30
                """.formatted(PROFILE, model.baseUrl()));
    }

    private static void copySuperhero(Path bird, Path to) throws Exception {
        Files.createDirectories(to);
        Files.copy(bird.resolve("dev.json"), to.resolve("dev.json"));
        Path from = bird.resolve("dev_databases/superhero");
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve("dev_databases/superhero").resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void theModelWorkerAndTheToolsWorkerShareTheJobThroughTheStoreAlone(LocalPostgres pg) throws Exception {
        String url = pg.newDatabase();
        String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        Path out = dir.resolve("out");
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             FakeCodegenEndpoint model = FakeCodegenEndpoint.start(Duration.ofMillis(50))) {
            Map<String, String> store = Map.of("IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password());
            Path tools = machine("machine-tools");
            Path llm = machine("machine-llm");
            Path launcher = machine("machine-build");
            profile(llm, model);
            profile(launcher, model);
            Map<String, String> llmEnv = new java.util.HashMap<>(store);
            llmEnv.put("IBENCH_REST_MODELS", PROFILE);
            Map<String, String> buildEnv = new java.util.HashMap<>(store);
            buildEnv.put("IBENCH_HOME", launcher.toString());
            buildEnv.put("TEMPORAL_ADDRESS", server.address());
            // the dataset exists only on the build's machine, and only until the build has stored it: the workers
            // start after it is deleted, in empty folders, without --root or a data root
            Path dataset = launcher.resolve("data");
            copySuperhero(SuperheroEvalSets.dataRoot().resolve("bird"), dataset.resolve("bird"));
            try (CliProcess build = CliProcess.isolated(List.of("build", "--source", "bird", "--root", dataset.resolve("bird").toString(),
                         "--data-root", dataset.toString(), "--db", "superhero", "--style", "rest", "--codegen-model", PROFILE, "--limit", "8",
                         "--out", out.toString(), "--no-publish", "--no-worker", "--timeout-minutes", "4"), "No in-process worker",
                    dir.resolve("build.log"), buildEnv, launcher)) {
                deleteTree(dataset);
                try (WorkerProcess toolsWorker = WorkerProcess.isolated(server.address(), "workflows,tools,scoring", tools, dir.resolve("tools.log"), store);
                     WorkerProcess llmWorker = WorkerProcess.isolated(server.address(), "llm", llm, dir.resolve("llm.log"), llmEnv)) {
                    assertThat(build.waitForExit(Duration.ofMinutes(4))).as("build output:\n%s\ntools worker:\n%s\nllm worker:\n%s",
                            build.output(), toolsWorker.output(), llmWorker.output()).isZero();
                    assertThat(build.output()).contains("rest dataset stored as sha256:");
                }
            }
            long codegenCalls = model.exchanges().stream().filter(e -> e.kind() == Kind.CODEGEN).count();
            assertThat(codegenCalls).as("the model worker asked the model").isPositive();

            JsonNode coverage = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
            assertThat(coverage.path("rest").path("produced_by").path("llm:" + PROFILE).asInt()).as("endpoints the model proposed and the tools verified")
                    .isPositive();
            List<String> published = List.of("bird-superhero-rest.json", "bird-superhero-rest-endpoints.json", "bird-superhero-openapi.json",
                    "bird-superhero-rest-tools.json", "bird-superhero-rest-report.json");
            JsonNode endpoints = Json.MAPPER.readTree(out.resolve("bird-superhero-rest-endpoints.json").toFile());
            assertThat(endpoints.path("database_path").asText()).as("named as the build's machine names it")
                    .isEqualTo("bird/dev_databases/superhero/superhero.sqlite");
            assertThat(endpoints.path("data_root").asText()).isEqualTo(dataset.toAbsolutePath().normalize().toString());

            try (Connection c = pg.connect(database); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(a.sha256), COUNT(DISTINCT r.work_id),"
                         + " SUM(CASE WHEN r.name LIKE '%.proposal.json' THEN 1 ELSE 0 END),"
                         + " SUM(CASE WHEN r.name = 'plan.json' THEN 1 ELSE 0 END)"
                         + " FROM rest_work_records r LEFT JOIN artifacts a ON a.sha256 = r.sha256")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(2)).as("every record names a stored artifact").isEqualTo(rs.getLong(1));
                assertThat(rs.getLong(3)).as("one REST job").isEqualTo(1);
                assertThat(rs.getLong(4)).as("a proposal record per code-gen answer, at least").isGreaterThanOrEqualTo(codegenCalls);
                assertThat(rs.getLong(5)).isEqualTo(1);
            }
            for (String name : published) {
                // every file in --out was downloaded from the store: its bytes are a stored artifact
                String hex = ArtifactHash.of(out.resolve(name)).hex();
                try (Connection c = pg.connect(database); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM artifacts WHERE sha256 = '" + hex + "'")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).as(name + " is a stored artifact").isEqualTo(1);
                }
            }
        }
        try (Stream<Path> all = Files.walk(dir)) {
            assertThat(all.filter(p -> p.getFileName().toString().equals(".rest-work") || p.getFileName().toString().equals("results.db")))
                    .as("no work folder and no SQLite default store on any machine").isEmpty();
        }
        for (String worker : List.of("machine-tools", "machine-llm")) {
            try (Stream<Path> all = Files.walk(dir.resolve(worker))) {
                assertThat(all.filter(p -> p.getFileName().toString().startsWith("bird-superhero-"))).as("nothing published on " + worker).isEmpty();
            }
        }
    }
}
