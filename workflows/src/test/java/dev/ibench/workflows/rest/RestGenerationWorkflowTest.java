package dev.ibench.workflows.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ProfileGateways.ProfileModel;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestModelActivitiesImpl;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.activities.rest.RestWorkRecords;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.rest.RestEvalSetVerifier;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST generation workflow on TestWorkflowEnvironment with the real activities, the bundled databases and a scripted code-gen model. */
class RestGenerationWorkflowTest {
    private static final String PROFILE = "scripted";

    @TempDir
    Path tmp;

    private final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
    private final RestDatabases databases = new RestDatabases();
    private final ScriptedCodegenModel model = new ScriptedCodegenModel();
    private ResultsDatabase results;

    private static Path data() {
        return RestTestEnvironment.data();
    }

    private RestPublished run(RestJob job) {
        results = ResultsDatabase.open(tmp.resolve("results.db"));
        RestWorkRecords records = RestTestEnvironment.records(results);
        RestTestEnvironment.register(env, databases, records);
        ModelProfile profile = ProfileCatalog.load(null).resolve("vllm-qwen2.5-7b");
        ProfileModel scripted = new ProfileModel(profile, new ModelGateway(profile, model, null, new EndpointLimiters(), RetryPolicy.none()));
        env.newWorker(TaskQueues.llm(PROFILE)).registerActivitiesImplementations(new RestModelActivitiesImpl(databases, name -> scripted, records));
        env.start();
        RestGenerationWorkflow workflow = env.getWorkflowClient().newWorkflowStub(RestGenerationWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(RestGenerationWorkflow.workflowId(job)).setTaskQueue(TaskQueues.WORKFLOWS).build());
        return workflow.run(RestGenerationInput.start(job, 3));
    }

    private RestJob job(String source, String db, Path out, String codegen, Integer limit) {
        return new RestJob(source, data().resolve(source).toString(), data().toString(), db, out.toString(), "paper", codegen, codegen, 3, false,
                null, limit);
    }

    @AfterEach
    void close() {
        env.close();
        databases.close();
        if (results != null) results.close();
    }

    @Test
    void deterministicOnlyPublishesWhatTheInProcessBuilderPublishes() throws Exception {
        Path viaWorkflow = tmp.resolve("workflow");
        RestPublished published = run(job("spider", "singer", viaWorkflow, null, null));
        Path inProcess = tmp.resolve("in-process");
        RestBuildStep.run(new BuildOptions("spider", data().resolve("spider"), List.of("singer"), List.of(), BuildMode.PAPER, inProcess, data()),
                new CoverageReport(), m -> {}, false);

        assertThat(published.questions()).isEqualTo(30);
        assertThat(published.verified()).isEqualTo(30);
        assertThat(published.producedBy()).containsOnlyKeys("deterministic");
        assertThat(published.modelAttempts()).isZero();
        for (String suffix : List.of("rest.json", "rest-endpoints.json", "openapi.json", "rest-tools.json")) {
            assertThat(viaWorkflow.resolve("spider-singer-" + suffix)).as(suffix).hasSameTextualContentAs(inProcess.resolve("spider-singer-" + suffix));
        }
        assertThat(model.codegenPrompts).isEmpty();
    }

    static final String REST_HISTORY = "dev/ibench/workflows/rest/rest-generation-scripted.json";

    /** Records (with -Dibench.recordHistories=true) and replays a generation job whose model retries, is refused and judged. */
    @Test
    void aRestGenerationHistoryReplays() throws Exception {
        RestJob job = job("bird", "superhero", tmp.resolve("out"), PROFILE, 8);
        RestPublished published = run(job);
        assertThat(published.verified()).isPositive();
        RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory(RestGenerationWorkflow.workflowId(job)),
                REST_HISTORY, RestGenerationWorkflowImpl.class);
    }

    @Test
    void theRecordedRestGenerationHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(REST_HISTORY);
        assertThat(json).contains("ACTIVITY_TASK_COMPLETED");
        WorkflowReplayer.replayWorkflowExecution(json, RestGenerationWorkflowImpl.class);
    }

    @Test
    void everyModelPathEndsInAVerifiedEndpointOrTheDeterministicFallback() throws Exception {
        Path out = tmp.resolve("out");
        RestPublished published = run(job("bird", "superhero", out, PROFILE, 24));

        JsonNode report = Json.MAPPER.readTree(out.resolve("bird-superhero-rest-report.json").toFile());
        int retried = 0;
        int judged = 0;
        int refused = 0;
        for (JsonNode q : report.get("by_question")) {
            if (!q.get("status").asText().equals("verified")) continue;
            JsonNode attempts = q.get("attempts");
            JsonNode last = attempts.get(attempts.size() - 1);
            assertThat(last.get("outcome").asText()).isEqualTo("verified");
            assertThat(q.get("produced_by").asText()).isEqualTo(last.get("producer").asText());
            switch (attempts.get(0).get("outcome").asText()) {
                case "llm_unparseable" -> {
                    retried++;
                    assertThat(attempts.get(1).get("producer").asText()).isEqualTo("llm:" + PROFILE);
                    assertThat(q.get("produced_by").asText()).isEqualTo("llm:" + PROFILE);
                }
                case "llm_rejected" -> {
                    refused++;
                    assertThat(attempts).hasSize(2);
                    assertThat(q.get("produced_by").asText()).isEqualTo("deterministic");
                }
                default -> {
                    if (last.path("judge").asText().equals("llm:" + PROFILE)) judged++;
                }
            }
        }
        assertThat(retried).as("questions verified on the retry that saw the verdict").isPositive();
        assertThat(refused).as("refused questions that fell back").isPositive();
        assertThat(judged).as("format differences accepted by the LLM judge").isPositive();
        assertThat(published.llmJudgeCalls()).isEqualTo(model.judgePrompts.size()).isEqualTo(judged);
        assertThat(model.codegenPrompts).anySatisfy(p -> assertThat(p).contains("was rejected: llm_unparseable"));
        assertThat(published.producedBy()).containsKeys("llm:" + PROFILE, "deterministic");
        assertThat(published.verifiedBy().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(published.verified());

        // what was published is a working benchmark: each sample's call, executed again, reproduces its gold answer
        // (endpoints the LLM judge accepted answer in another format, so a strict re-check does not agree for them)
        var check = new RestEvalSetVerifier().verify(out, data());
        assertThat(check.samples()).isEqualTo(published.verified());
        assertThat(check.agreed()).isEqualTo(published.verified() - judged);
    }
}
