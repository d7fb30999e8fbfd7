package dev.ibench.workflows.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.artifact.ArtifactCache;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.activities.rest.RestDatasetBundle;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.activities.rest.RestWorkRecords;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.workflows.TaskQueues;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, Build item 4: a REST generation job whose dataset is an artifact ({@link RestDatasetBundle}) and whose
 * outputs are published as artifacts. The worker's data come from a copy of the dataset that is deleted before the
 * workflow starts, so only the artifact store can supply them; what it publishes is byte-identical to the in-process
 * pipeline run on the original folder.
 */
class RestGenerationFromArtifactsTest {
    @TempDir
    Path tmp;

    private final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
    private RestDatabases databases;
    private ResultsDatabase results;

    @AfterEach
    void close() {
        env.close();
        if (databases != null) databases.close();
        if (results != null) results.close();
    }

    private RestPublished run(RestJob job, RestWorkRecords records) {
        databases = new RestDatabases(new ArtifactCache(records.artifacts(), tmp.resolve("worker-cache")));
        RestTestEnvironment.register(env, databases, records);
        env.start();
        RestGenerationWorkflow workflow = env.getWorkflowClient().newWorkflowStub(RestGenerationWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(RestGenerationWorkflow.workflowId(job)).setTaskQueue(TaskQueues.WORKFLOWS).build());
        return workflow.run(RestGenerationInput.start(job, 3));
    }

    @Test
    void aJobFromArtifactsPublishesArtifactsIdenticalToTheInProcessPipeline() throws Exception {
        Path data = RestTestEnvironment.data();
        // the starting machine's copy of the dataset: stored, then deleted before any step runs
        Path copy = tmp.resolve("launcher-data");
        copySinger(data, copy);
        results = ResultsDatabase.open(tmp.resolve("results.db"));
        RestWorkRecords records = RestTestEnvironment.records(results);
        ArtifactStore artifacts = records.artifacts();
        var dataset = DatasetLoader.forSource("spider").load(copy.resolve("spider"), List.of("singer"), copy);
        // the published files name the data root the launcher uses; the in-process reference below uses the bundled one
        String reference = RestDatasetBundle.of(dataset, "singer", data, artifacts).store(artifacts, tmp.resolve("scratch"));
        deleteTree(copy);

        RestJob job = RestJob.ofArtifacts("spider", "singer", reference, "paper", null, null, 3, false, null, null);
        RestPublished published = run(job, records);

        Path inProcess = tmp.resolve("in-process");
        RestBuildStep.run(new BuildOptions("spider", data.resolve("spider"), List.of("singer"), List.of(), BuildMode.PAPER, inProcess, data),
                new CoverageReport(), m -> {}, false);
        assertThat(published.verified()).isEqualTo(30);
        assertThat(published.artifacts()).containsOnlyKeys("spider-singer-rest.json", "spider-singer-rest-endpoints.json",
                "spider-singer-openapi.json", "spider-singer-rest-tools.json", "spider-singer-rest-report.json");
        assertThat(published.files()).containsExactlyInAnyOrderElementsOf(published.artifacts().keySet());
        for (String suffix : List.of("rest.json", "rest-endpoints.json", "openapi.json", "rest-tools.json")) {
            String name = "spider-singer-" + suffix;
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            artifacts.copyTo(ArtifactHash.parse(published.artifacts().get(name)), bytes);
            assertThat(bytes.toString(java.nio.charset.StandardCharsets.UTF_8)).as(name).isEqualTo(Files.readString(inProcess.resolve(name)));
        }

        StringBuilder history = new StringBuilder();
        for (HistoryEvent e : env.getWorkflowClient().fetchHistory(RestGenerationWorkflow.workflowId(job)).getEvents()) {
            if (e.hasWorkflowExecutionStartedEventAttributes()) append(history, e.getWorkflowExecutionStartedEventAttributes().getInput());
            if (e.hasActivityTaskScheduledEventAttributes()) append(history, e.getActivityTaskScheduledEventAttributes().getInput());
            if (e.hasActivityTaskCompletedEventAttributes()) append(history, e.getActivityTaskCompletedEventAttributes().getResult());
        }
        assertThat(history).as("payloads decoded").contains("\"dataset\":\"" + reference + "\"");
        assertThat(history).as("history names the dataset by hash, never a folder").contains(reference)
                .doesNotContain(copy.toString()).doesNotContain(data.toString()).doesNotContain(tmp.toString());
    }

    @Test
    void aDatasetTheStoreDoesNotHoldFailsTheJobNamingIt() throws Exception {
        results = ResultsDatabase.open(tmp.resolve("results.db"));
        String missing = "sha256:" + "ab".repeat(32);
        RestJob job = RestJob.ofArtifacts("spider", "singer", missing, "paper", null, null, 3, false, null, null);
        assertThatThrownBy(() -> run(job, RestTestEnvironment.records(results))).isInstanceOf(WorkflowFailedException.class)
                .satisfies(e -> assertThat(rootMessage(e)).contains("the dataset of REST job singer is missing").contains(missing));
    }

    /** Jobs recorded before artifacts keep their fingerprint (work id and workflow id), computed with Python from the recorded JSON. */
    @Test
    void aJobRecordedBeforeArtifactsKeepsItsFingerprint() throws Exception {
        String recorded = "{\"source\":\"bird\",\"datasetRoot\":\"/work/wt/reliability/data/bird\",\"dataRoot\":\"/work/wt/reliability/data\","
                + "\"dbId\":\"superhero\",\"outDir\":\"/tmp/junit-15481669099385322370/out\",\"mode\":\"paper\",\"codegenProfile\":\"scripted\","
                + "\"judgeProfile\":\"scripted\",\"maxAttempts\":3,\"deterministicFirst\":false,\"nearDuplicateThreshold\":null,\"questionLimit\":8}";
        RestJob old = Json.MAPPER.readValue(recorded, RestJob.class);
        assertThat(old.usesArtifacts()).isFalse();
        // hashlib.sha256(recorded.encode()).hexdigest()[:12]
        assertThat(old.fingerprint()).isEqualTo("4b28e43d1379");
    }

    private static void append(StringBuilder out, Payloads payloads) {
        payloads.getPayloadsList().forEach(p -> out.append(p.getData().toStringUtf8()).append('\n'));
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getMessage();
    }

    private static void copySinger(Path data, Path to) throws Exception {
        Path spider = to.resolve("spider");
        Files.createDirectories(spider.resolve("database/singer"));
        Files.copy(data.resolve("spider/dev.json"), spider.resolve("dev.json"));
        if (Files.exists(data.resolve("spider/tables.json"))) Files.copy(data.resolve("spider/tables.json"), spider.resolve("tables.json"));
        Files.copy(data.resolve("spider/database/singer/singer.sqlite"), spider.resolve("database/singer/singer.sqlite"));
    }

    private static void deleteTree(Path dir) throws Exception {
        try (var all = Files.walk(dir)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        assertThat(dir).doesNotExist();
    }
}
