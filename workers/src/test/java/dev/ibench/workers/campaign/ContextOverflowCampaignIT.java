package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports hide nothing they left out, end to end on the real dev server with a worker in its own JVM. The model is a
 * loopback OpenAI-compatible endpoint (a TEST DOUBLE) whose context holds a question of at most {@code LIMIT}
 * characters: a longer one is refused as HTTP 400 "maximum context length", which the gateway classifies as
 * CONTEXT_LENGTH and the cell records as {@code rejected}. Every third question of cell {@code b30} is padded past the
 * limit (10 of 30); of the other 20 the endpoint answers the gold calls for the even positions (10) and "[]" for the
 * rest. So, by construction: 30 planned, 20 scored, 10 rejected, completion 10/20 over scored and 10/30 over planned,
 * state completed. Cell {@code b1} (one padded question) is 1 rejected of 1 and is not stopped. Cell {@code b25} (every
 * question padded) is stopped once 20 items settled, shown as {@code stopped: <reason>} in md, json and html, and the
 * campaign ends COMPLETED, not FAILED.
 */
class ContextOverflowCampaignIT {
    private static final int LIMIT = 2_000;
    private static final String PADDING = " (" + "and please take every detail of this question into account ".repeat(40) + ")";

    @TempDir Path dir;

    @Test
    void rejectedItemsAreCountedStoppedCellsAreNamedAndTheCampaignCompletes() throws Exception {
        ObjectNode slot = (ObjectNode) Json.MAPPER.readTree(SuperheroEvalSets.slot().toFile());
        Map<String, JsonNode> goldByQuestion = new HashMap<>();
        Path b30 = evalSet("b30.json", slot, 30, position -> position % 3 == 0, goldByQuestion);
        Path b1 = evalSet("b1.json", slot, 1, position -> true, goldByQuestion);
        Path b25 = evalSet("b25.json", slot, 25, position -> true, goldByQuestion);
        AtomicInteger refused = new AtomicInteger();
        try (MockWebServer endpoint = new MockWebServer()) {
            endpoint.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    try {
                        JsonNode messages = Json.MAPPER.readTree(request.getBody().readUtf8()).get("messages");
                        String question = messages.get(messages.size() - 1).get("content").asText();
                        if (question.length() > LIMIT) {
                            refused.incrementAndGet();
                            return new MockResponse().setResponseCode(400).setBody("{\"error\": {\"message\": \"This model's maximum context "
                                    + "length is 2048 tokens, but the prompt has " + question.length() / 3 + " tokens\"}}");
                        }
                        String answer = goldByQuestion.entrySet().stream().filter(e -> question.contains(e.getKey()))
                                .map(e -> e.getValue().toString()).findFirst().orElse("[]");
                        ObjectNode body = Json.MAPPER.createObjectNode();
                        ObjectNode choice = body.putArray("choices").addObject();
                        choice.putObject("message").put("role", "assistant").put("content", answer);
                        choice.put("finish_reason", "stop");
                        body.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 10);
                        return new MockResponse().setHeader("Content-Type", "application/json").setBody(body.toString());
                    } catch (Exception e) {
                        return new MockResponse().setResponseCode(500).setBody(String.valueOf(e));
                    }
                }
            });
            endpoint.start();
            Path file = dir.resolve("overflow.yaml");
            Files.writeString(file, """
                    name: overflow
                    models:
                      - {name: small, profile: openai-compatible, endpoint: "%s", model: small-context}
                    benchmarks:
                      - {name: b30, eval_set: %s}
                      - {name: b1, eval_set: %s}
                      - {name: b25, eval_set: %s}
                    samples_in_flight: 4
                    cells_in_flight: 3
                    """.formatted(endpoint.url("/v1"), b30, b1, b25));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                CampaignStatus status = harness.run(file, "overflow", Duration.ofMinutes(8));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(cell(status, "b30").state()).isEqualTo(CellState.COMPLETED);
                assertThat(cell(status, "b1").state()).as("1 rejected of 1 does not stop a cell").isEqualTo(CellState.COMPLETED);
                assertThat(cell(status, "b25").state()).isEqualTo(CellState.STOPPED);

                CampaignServices services = harness.services();
                CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                        .build("overflow", Instant.now().toString());
                CellStanding s30 = report.standing(report(report, "b30"));
                assertThat(s30).isEqualTo(new CellStanding("completed", null, 30, 20, 10, 0, 10));
                assertThat(s30.completionOverScored()).isEqualTo(0.5);
                assertThat(s30.completionOverPlanned()).isEqualTo(10 / 30.0);
                assertThat(report.standing(report(report, "b1"))).isEqualTo(new CellStanding("completed", null, 1, 0, 1, 0, 0));
                CellStanding s25 = report.standing(report(report, "b25"));
                assertThat(s25.state()).isEqualTo("stopped");
                assertThat(s25.reason()).contains("of 25 items were rejected by the endpoint, more than max_rejected_share 0.5")
                        .contains("maximum context length");
                assertThat(s25.rejected()).isBetween(20, 25);

                String md = MarkdownReportRenderer.render(report);
                assertThat(md).contains("| small | b30 | direct | completed | 30 | 20 | 10 | 0 | 0 | 0.500 | 0.333 |")
                        .contains("| small | b1 | direct | completed | 1 | 0 | 1 | 0 | 0 | – | 0.000 |")
                        .contains("| small | b25 | direct | stopped: " + s25.reason().replace("|", "\\|"));
                JsonNode b25Json = Json.MAPPER.readTree(JsonReportRenderer.render(report)).get("cells").get(2);
                assertThat(b25Json.get("state_shown").asText()).isEqualTo("stopped: " + s25.reason());
                assertThat(HtmlReportRenderer.render(report)).contains("<td>stopped: ");
                System.out.println(md.lines().limit(8).reduce("", (a, b) -> a + b + "\n"));
            }
        }
    }

    /** The first {@code count} SLOT samples, the question padded past the context where {@code padded} says. */
    private Path evalSet(String name, ObjectNode slot, int count, java.util.function.IntPredicate padded, Map<String, JsonNode> goldByQuestion)
            throws Exception {
        ArrayNode all = (ArrayNode) slot.get("data");
        ArrayNode samples = Json.MAPPER.createArrayNode();
        for (int i = 0; i < count; i++) {
            ObjectNode s = all.get(i).deepCopy();
            String question = s.get("input").asText();
            assertThat(question.length()).as("an unpadded question fits the fake's context").isLessThan(LIMIT);
            if (padded.test(i)) {
                s.put("input", question + PADDING);
            } else if (i % 2 == 0) {
                goldByQuestion.put(question, s.get("output"));
            }
            samples.add(s);
        }
        Path file = dir.resolve(name);
        Json.MAPPER.writeValue(file.toFile(), slot.deepCopy().set("data", samples));
        return file;
    }

    private static CampaignStatus.CellEntry cell(CampaignStatus status, String benchmark) {
        return status.cells().stream().filter(c -> c.benchmark().equals(benchmark)).findFirst().orElseThrow();
    }

    private static CellReport report(CampaignReport report, String benchmark) {
        return report.cells().stream().filter(c -> c.benchmark().equals(benchmark)).findFirst().orElseThrow();
    }
}
