package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.BfclFormatSensitivityPrompt;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.report.MetricSummary;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.campaign.BfclResultsExport;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign runs BFCL format_sensitivity (issue 43): 2 of bfcl-eval 2026.3.23's listed entries x 26 configurations, in
 * mode direct with a prompt-mode profile against a loopback endpoint (TEST DOUBLE, not a model) that answers each request
 * by its messages: it knows only the messages bfcl-eval builds for each entry (BfclFormatSensitivityPrompt, equal to
 * bfcl-eval's by BfclFormatSensitivityPromptOfficialIT), and answers the gold in the entry's return format and tag, or
 * (seeded) a value changed, the tag flipped, Python calls where another format is asked, or prose. On the real dev
 * server with a worker in its own JVM: every request carried a known entry's messages, the campaign's export
 * ({@code campaign export --format bfcl}) holds the outputs as bfcl-eval's result file, bfcl-eval's own
 * {@code format_sensitivity_runner} on that file fails the same entries with the same error types as the export's score
 * file, its score-file header equals the export's, and the report's stats equal that header (metrics, the Markdown,
 * HTML and JSON views).
 */
class BfclFormatSensitivityCampaignIT {
    private static final int ORIGINALS = 2;

    @TempDir Path dir;

    @Test
    void campaignsVerdictsAndStatsEqualBfclEvalsOnTheSameOutputs() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        List<EvalSample> samples = BfclFormatSensitivityEvalSet.read(official.data()).samples().subList(0, ORIGINALS * BfclFormatSensitivity.CONFIGS.size());
        Path set = dir.resolve("bfcl-format-sensitivity.json");
        Json.MAPPER.writeValue(set.toFile(), BfclFormatSensitivityEvalSet.toJson(samples, "test"));

        Random random = new Random(4343);
        Map<String, String> answerByMessages = new HashMap<>();
        for (EvalSample s : samples) {
            BfclFormatSensitivity.Config config = BfclFormatSensitivity.Config.parse(BfclFormatSensitivity.EntryId.parse(s.sampleId()).config());
            List<ToolCall> calls = s.output();
            String answer = switch (random.nextInt(8)) {
                case 0 -> BfclFormatSensitivityAgreementIT.tagged(BfclFormatSensitivityAgreementIT.render(
                        BfclFormatSensitivityAgreementIT.changed(calls), config.returnFormat()), config.toolCallTag());
                case 1 -> BfclFormatSensitivityAgreementIT.tagged(BfclFormatSensitivityAgreementIT.render(calls, config.returnFormat()),
                        !config.toolCallTag());
                case 2 -> BfclFormatSensitivityAgreementIT.python(calls);
                case 3 -> "I cannot answer that with the functions given.";
                default -> BfclFormatSensitivityAgreementIT.tagged(BfclFormatSensitivityAgreementIT.render(calls, config.returnFormat()),
                        config.toolCallTag());
            };
            answerByMessages.put(key(BfclFormatSensitivityPrompt.messages(s)), answer);
        }
        assertThat(answerByMessages).as("every entry asks with its own messages").hasSize(samples.size());

        AtomicInteger unknown = new AtomicInteger();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String answer;
                    try {
                        List<ChatMessage> messages = new ArrayList<>();
                        Json.MAPPER.readTree(request.getBody().readUtf8()).path("messages")
                                .forEach(m -> messages.add(new ChatMessage(m.path("role").asText(), m.path("content").asText())));
                        answer = answerByMessages.get(key(messages));
                    } catch (Exception e) {
                        answer = null;
                    }
                    if (answer == null) {
                        unknown.incrementAndGet();
                        answer = "unknown request";
                    }
                    try {
                        return new MockResponse().setHeader("Content-Type", "application/json").setBody(Json.MAPPER.writeValueAsString(Map.of(
                                "choices", List.of(Map.of("message", Map.of("role", "assistant", "content", answer), "finish_reason", "stop")),
                                "usage", Map.of("prompt_tokens", 100, "completion_tokens", 20))));
                    } catch (Exception e) {
                        return new MockResponse().setResponseCode(500);
                    }
                }
            });
            server.start();
            Path file = dir.resolve("fs.yaml");
            Files.writeString(file, """
                    name: fs
                    models:
                      - {name: fs-model, profile: llama-cpp-chat, endpoint: "%s"}
                    benchmarks: [{name: fs, eval_set: %s}]
                    samples_in_flight: 8
                    """.formatted(server.url("/v1"), set));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                CampaignStatus status = harness.run(file, "fs", Duration.ofMinutes(5));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(unknown.get()).as("requests whose messages are no entry's").isZero();
                String cellId = status.cells().get(0).cellId();
                assertThat(harness.services().store().sampleResults(cellId)).hasSize(samples.size())
                        .allMatch(r -> r.status().equals(SampleResultRecord.SCORED));

                CampaignReportBuilder builder = new CampaignReportBuilder(harness.services().store(), harness.services().evalSets(),
                        harness.services()::scorerOf);
                Path export = dir.resolve("export");
                new BfclResultsExport(harness.services()).write("fs", export, builder);
                Path resultFile = export.resolve("result/fs-model/format_sensitivity/BFCL_v4_format_sensitivity_result.json");
                List<String> results = Files.readAllLines(resultFile);
                assertThat(results).hasSize(samples.size());
                for (String line : results) {
                    JsonNode r = Json.MAPPER.readTree(line);
                    EvalSample s = samples.stream().filter(x -> x.sampleId().equals(r.get("id").asText())).findFirst().orElseThrow();
                    assertThat(r.get("result").asText()).isEqualTo(answerByMessages.get(key(BfclFormatSensitivityPrompt.messages(s))));
                }

                Path scores = dir.resolve("bfcl-eval-score");
                official.evaluateFormatSensitivity(resultFile, scores, "fs-model");
                List<String> theirs = Files.readAllLines(scores.resolve("fs-model/format_sensitivity/BFCL_v4_format_sensitivity_score.json"));
                List<String> ours = Files.readAllLines(export.resolve("score/fs-model/format_sensitivity/BFCL_v4_format_sensitivity_score.json"));
                JsonNode header = Json.MAPPER.readTree(theirs.get(0));
                assertThat(Json.MAPPER.readTree(ours.get(0))).as("score-file header").isEqualTo(header);
                assertThat(failures(ours)).as("failing entries and error types, ibench vs bfcl-eval").isEqualTo(failures(theirs));
                assertThat(failures(theirs)).isNotEmpty();
                assertThat(header.get("correct_count").asInt()).isPositive();

                CampaignReport report = builder.build("fs", Instant.now().toString());
                CellReport cell = report.cells().get(0);
                assertThat(metric(cell, "accuracy")).isEqualTo(header.get("accuracy").asDouble());
                assertThat(metric(cell, "accuracy_max_delta")).isEqualTo(header.get("accuracy_max_delta").asDouble());
                assertThat(metric(cell, "accuracy_variance")).isEqualTo(header.get("accuracy_variance").asDouble());
                assertThat(metric(cell, "accuracy_std")).isEqualTo(header.get("accuracy_std").asDouble());
                for (String config : BfclFormatSensitivity.CONFIGS) {
                    assertThat(metric(cell, "accuracy." + config)).as(config).isEqualTo(header.path(config).path("accuracy").asDouble());
                }
                assertThat(cell.metrics().keySet()).noneMatch(k -> k.startsWith("bfcl.accuracy.") || k.startsWith("bfcl.overall"));
                assertThat(dev.ibench.core.report.BfclOverall.of(report.cells())).as("outside the v4 overall").isEmpty();
                String spreads = "max delta " + BfclFormatSensitivity.pythonStr(header.get("accuracy_max_delta").asDouble()) + ", standard deviation "
                        + BfclFormatSensitivity.pythonStr(header.get("accuracy_std").asDouble()) + ", variance "
                        + BfclFormatSensitivity.pythonStr(header.get("accuracy_variance").asDouble());
                assertThat(MarkdownReportRenderer.render(report)).as("Markdown and terminal").contains("BFCL format sensitivity, trial 1")
                        .contains(spreads).doesNotContain("BFCL overall per model");
                assertThat(HtmlReportRenderer.render(report)).contains(spreads);
                JsonNode json = Json.MAPPER.readTree(JsonReportRenderer.render(report));
                assertThat(json.at("/cells/0/trial_reports/0/bfcl/format_sensitivity")).as("JSON: the score-file header").isEqualTo(header);
                System.out.printf("BfclFormatSensitivityCampaignIT: %d entries, bfcl-eval fails %d; header %s%n", samples.size(),
                        theirs.size() - 1, header);
            }
        }
    }

    private static double metric(CellReport cell, String name) {
        MetricSummary m = cell.metrics().get("bfcl.format_sensitivity." + name);
        assertThat(m).as(name).isNotNull();
        return m.mean();
    }

    private static Map<String, String> failures(List<String> scoreLines) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (String line : scoreLines.subList(1, scoreLines.size())) {
            JsonNode f = Json.MAPPER.readTree(line);
            out.put(f.get("id").asText(), f.get("error_type").asText());
        }
        return out;
    }

    private static String key(List<ChatMessage> messages) {
        StringBuilder k = new StringBuilder();
        messages.forEach(m -> k.append(m.role()).append('\u0000').append(m.content()).append('\u0001'));
        return k.toString();
    }
}
