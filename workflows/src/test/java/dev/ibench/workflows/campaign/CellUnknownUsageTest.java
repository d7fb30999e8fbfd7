package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelCallActivitiesImpl;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.campaign.ScoringActivitiesImpl;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A direct cell whose server reports no token usage for some answers: the cell's progress never counts them as 0 tokens.
 * The whole path is real (cell workflow on TestWorkflowEnvironment, the planning, model-call and scoring activities, a
 * SQLite results store, the OpenAI-compatible client); the server is a test double (a JDK HttpServer on loopback) that
 * answers the question of the cell's third sample without a {@code usage} block and the others with 10 prompt and 5
 * completion tokens. By hand: 2 x 15 = 30 tokens known, 1 call with unknown usage; the profile has no prices, so no cost.
 */
class CellUnknownUsageTest {
    static final String HISTORY = "dev/ibench/workflows/campaign/cell-unknown-usage.json";
    static final String LLM_QUEUE = TaskQueues.llm("no-usage");

    @TempDir Path dir;

    @Test
    void theProgressQueryAndTheDetailsCountCallsWithoutUsageApart() throws Exception {
        Path evalSet = SuperheroEvalSets.slot();
        EvalSetCache evalSets = new EvalSetCache();
        List<String> ids = new ArrayList<>(evalSets.samples(evalSet.toString()).keySet()).subList(0, 3);
        String withoutUsage = evalSets.sample(evalSet.toString(), ids.get(2)).input();
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/completions", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.incrementAndGet();
            String usage = body.contains(jsonText(withoutUsage)) ? ""
                    : ", \"usage\": {\"prompt_tokens\": 10, \"completion_tokens\": 5, \"total_tokens\": 15}";
            byte[] answer = ("{\"id\": \"x\", \"object\": \"text_completion\", \"model\": \"m\", \"choices\": [{\"index\": 0,"
                    + " \"finish_reason\": \"stop\", \"text\": \"[]\"}]" + usage + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        Files.writeString(profiles.resolve("no-usage.yaml"), """
                name: no-usage
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 16
                temperature: 0
                icl: {count: 0}
                """);
        TestWorkflowEnvironment env = CampaignTestEnvironment.create();
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"));
             ResponseCache cache = new ResponseCache(dir.resolve("cache.db"));
             ToolRuntime runtime = new ToolRuntime(SuperheroEvalSets.dataRoot())) {
            ResultsStore store = new ResultsStore(database);
            String endpoint = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "no-usage", "profile": "no-usage", "endpoint": "%s"}], "benchmarks": [],
                     "modes": ["direct"]}""".formatted(endpoint));
            String cellId = "c1/no-usage/b/direct";
            store.saveCell(new CellRecord(cellId, "c1", "no-usage", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, ids);
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            var workflows = env.newWorker(TaskQueues.WORKFLOWS);
            workflows.registerWorkflowImplementationTypes(CellWorkflowImpl.class);
            workflows.registerActivitiesImplementations(new CampaignPlanningActivitiesImpl(store, evalSets, m -> LLM_QUEUE, meters));
            env.newWorker(LLM_QUEUE).registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets,
                    new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null), meters));
            env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new ScoringActivitiesImpl(store, evalSets, runtime,
                    c -> ParserChains.defaultChain(), meters));
            env.start();

            CellWorkflow cell = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("cell-no-usage").build());
            CellProgress end = cell.run(new CellInput("c1", new CellPlanEntry(cellId, "no-usage", "b", "direct", "none", 3, 1, LLM_QUEUE),
                    2, false, CellCursor.start(), null));

            assertThat(requests.get()).isEqualTo(3);
            assertThat(end.done()).isEqualTo(3);
            assertThat(end.tokensUnknownCalls()).isEqualTo(1);
            assertThat(end.promptTokens()).isEqualTo(20);
            assertThat(end.completionTokens()).isEqualTo(10);
            assertThat(end.costUsd()).isNull();
            CellProgress queried = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class, "cell-no-usage").progress();
            assertThat(queried.tokensUnknownCalls()).isEqualTo(1);
            assertThat(queried.tokens()).isEqualTo(30);
            WorkflowStub stub = env.getWorkflowClient().newUntypedWorkflowStub("cell-no-usage");
            String details = stub.query("__temporal_workflow_metadata", WorkflowMetadata.class).getCurrentDetails();
            assertThat(details).contains("| 30 tokens (+ 1 call with unknown usage) · — |");
            RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory("cell-no-usage"), HISTORY, CellWorkflowImpl.class);
        } finally {
            env.close();
            server.stop(0);
        }
    }

    /** The history recorded by the test above (with -Dibench.recordHistories=true) replays on today's cell workflow. */
    @Test
    void theRecordedHistoryReplays() throws Exception {
        io.temporal.testing.WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(HISTORY), CellWorkflowImpl.class);
    }

    /** {@code text} as it appears inside a JSON string of the request (quotes and backslashes escaped). */
    private static String jsonText(String text) throws IOException {
        String quoted = dev.ibench.core.json.Json.MAPPER.writeValueAsString(text);
        return quoted.substring(1, quoted.length() - 1);
    }
}
