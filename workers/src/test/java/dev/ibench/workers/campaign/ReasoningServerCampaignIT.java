package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31, acceptance 2: a campaign against a loopback test server (TEST DOUBLE, not a model) that answers like a
 * reasoning server (vLLM with --reasoning-parser): {@code reasoning_content} with drafted calls, the real call in
 * {@code tool_calls}, a wrong call list in {@code content}, usage with reasoning tokens; and, for one model, a 400
 * naming {@code max_tokens} as unsupported. On the real dev server with a worker in its own JVM: calls are scored from
 * tool_calls only, the reasoning is stored and shown in the HTML drill-down, reasoning tokens are in the ledger and in
 * `campaign status`, and the refused model's cell stops at once naming the parameter and profile, with no item rejected.
 */
class ReasoningServerCampaignIT {
    static final int SAMPLES = 4;
    static final String REASONING_JSON;
    static final String REASONING = "The question asks for Batman. I could call <tool_call>{\"name\": \"drop_everything\", "
            + "\"arguments\": {}}</tool_call> but [{\"name\": \"also_wrong\", \"arguments\": {}}] is better. No: filter first.";

    static {
        try {
            REASONING_JSON = Json.MAPPER.writeValueAsString(REASONING);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
    @TempDir Path dir;

    @Test
    void reasoningIsKeptApartScoredFromToolCallsAndAnUnsupportedParameterStopsItsCell() throws Exception {
        AtomicInteger strictRequests = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    JsonNode body;
                    try {
                        body = Json.MAPPER.readTree(request.getBody().readUtf8());
                    } catch (Exception e) {
                        return new MockResponse().setResponseCode(400).setBody("{\"error\": \"not JSON\"}");
                    }
                    if ("strict-reasoner".equals(body.path("model").asText()) && body.has("max_tokens")) {
                        strictRequests.incrementAndGet();
                        return new MockResponse().setResponseCode(400).setBody("{\"error\": {\"message\": \"Unsupported parameter: "
                                + "'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.\", "
                                + "\"type\": \"invalid_request_error\", \"param\": \"max_tokens\", \"code\": \"unsupported_parameter\"}}");
                    }
                    answered.incrementAndGet();
                    String args = "{\\\"data_source\\\": \\\"$starting_table_var$\\\", \\\"key_name\\\": \\\"superhero_superhero_name\\\", "
                            + "\\\"value\\\": \\\"Batman\\\", \\\"condition\\\": \\\"equal_to\\\"}";
                    return new MockResponse().setHeader("Content-Type", "application/json").setBody("""
                            {"choices": [{"message": {"role": "assistant",
                              "content": "[{\\"name\\": \\"content_call_not_scored\\", \\"arguments\\": {}}]",
                              "reasoning_content": %s,
                              "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "filter_data", "arguments": "%s"}}]},
                              "finish_reason": "tool_calls"}],
                             "usage": {"prompt_tokens": 100, "completion_tokens": 250, "completion_tokens_details": {"reasoning_tokens": 200}}}"""
                            .formatted(REASONING_JSON, args));
                }
            });
            server.start();
            String url = server.url("/v1").toString();
            Path file = dir.resolve("reasoning.yaml");
            Files.writeString(file, """
                    name: thinking
                    models:
                      - {name: thinker, profile: vllm-qwen3-8b, endpoint: "%s"}
                      - {name: strict, profile: vllm-qwen3-8b, endpoint: "%s", model: strict-reasoner}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: %d, seed: 3}
                    samples_in_flight: 2
                    """.formatted(url, url, SuperheroEvalSets.slot(), SAMPLES));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                String id = harness.startOnly(file, "thinking");
                CampaignWorkflow campaign = harness.connection().client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id));
                try {
                    WorkflowStub.fromTyped(campaign).getResult(4, TimeUnit.MINUTES, CampaignStatus.class);
                } catch (RuntimeException stoppedCell) {
                    // until stopped cells return instead of failing the campaign, the campaign may end FAILED: the cells decide
                }
                CampaignStatus status = campaign.status();
                CampaignStatus.CellEntry thinker = cell(status, "thinker");
                CampaignStatus.CellEntry strict = cell(status, "strict");
                assertThat(thinker.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(strict.state()).as("the refused model's cell stopped").isNotEqualTo(CellState.COMPLETED);
                assertThat(strict.failure()).contains("model profile vllm-qwen3-8b").contains("refuses parameter 'max_tokens'")
                        .contains("token_limit_parameter: max_completion_tokens");
                assertThat(strictRequests.get()).as("stopped at once: at most the requests already in flight").isBetween(1, 2);
                assertThat(harness.services().store().sampleResults(strict.cellId()))
                        .as("no item of the refused cell is counted as rejected").noneMatch(r -> r.status().equals(SampleResultRecord.REJECTED));

                List<SampleResultRecord> results = harness.services().store().sampleResults(thinker.cellId());
                assertThat(results).hasSize(SAMPLES).allMatch(r -> r.status().equals(SampleResultRecord.SCORED));
                for (SampleResultRecord r : results) {
                    JsonNode score = Json.MAPPER.readTree(r.scoreJson());
                    assertThat(score.path("parse_status").asText()).isEqualTo("parsed");
                    assertThat(score.path("predicted").toString()).as("calls from tool_calls only")
                            .isEqualTo("[\"filter_data\"]");
                    ModelCallRecord call = harness.services().store().modelCall(thinker.cellId(), r.sampleId(), r.trial(), 0).orElseThrow();
                    assertThat(call.reasoning()).isEqualTo(REASONING);
                    assertThat(call.reasoningTokens()).isEqualTo(200);
                    assertThat(call.rawOutput()).contains("filter_data").doesNotContain("drop_everything").doesNotContain("content_call_not_scored");
                }
                SpendTotals spend = harness.services().spend().totals(id, "thinker");
                assertThat(spend.reasoningTokens()).as("ledger").isEqualTo(SAMPLES * 200L);
                assertThat(spend.completionTokens()).isEqualTo(SAMPLES * 250L);
                assertThat(harness.services().spend().entries(thinker.cellId())).extracting(SpendEntry::reasoningTokens).containsOnly(200);
                assertThat(harness.services().spend().entries(strict.cellId())).extracting(SpendEntry::errorKind)
                        .containsOnly("UNSUPPORTED_PARAMETER");

                Map<String, String> env = Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString());
                try (CliProcess cli = CliProcess.start(List.of("campaign", "status", id, "--address", harness.address()), "",
                        dir.resolve("status.log"), env)) {
                    assertThat(cli.waitForExit(Duration.ofMinutes(2))).as(cli.output()).isZero();
                    assertThat(cli.output()).contains("1000 out of which 800 reasoning");
                }
                Path html = dir.resolve("report.html");
                try (CliProcess cli = CliProcess.start(List.of("campaign", "report", id, "--format", "html", "--drill-down", "4",
                        "--ui-url", "none", "--out", html.toString()), "", dir.resolve("report.log"), env)) {
                    assertThat(cli.waitForExit(Duration.ofMinutes(2))).as(cli.output()).isZero();
                }
                String page = Files.readString(html);
                assertThat(page).contains("reasoning (not parsed)").contains("The question asks for Batman.")
                        .contains("[200 reasoning tokens]");
                System.out.printf("ReasoningServerCampaignIT: %d answered requests, %d refused (max_tokens), strict cell: %s%n",
                        answered.get(), strictRequests.get(), strict.failure());
            }
        }
    }

    private static CampaignStatus.CellEntry cell(CampaignStatus status, String model) {
        return status.cells().stream().filter(c -> c.model().equals(model)).findFirst().orElseThrow(
                () -> new AssertionError("no cell of " + model + " in " + status.cells()));
    }
}
