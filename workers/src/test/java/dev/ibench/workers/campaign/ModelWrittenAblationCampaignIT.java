package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.ScriptedAblationWriter;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.CosineSimilarity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed-004 ablations on the real dev server: the oracle (test tool) on superhero SLOT, 2 trials, with
 * {@code paraphrase} and {@code toolkit_expansion} written by {@link ScriptedAblationWriter} (a scripted HTTP test
 * double with known answers). The stored rendered prompts hold the accepted rewrites (the original question where the
 * meaning check failed) and offer the kept written tools, each at similarity >= 0.8 to its gold tool as recomputed here
 * with a separately loaded all-MiniLM-L6-v2, and none of the dropped ones; the material is paid once per sample
 * (not per trial); the oracle still scores 1.0; the report shows the material in md, json and html.
 */
class ModelWrittenAblationCampaignIT {
    private static final int SAMPLES = 8;
    private static final int TRIALS = 2;

    @TempDir Path dir;

    @Test
    void paraphraseAndToolkitExpansionAreWrittenOnceStoredInThePromptsShownInTheReportAndTheOracleStillScoresOne() throws Exception {
        try (ScriptedAblationWriter writer = ScriptedAblationWriter.start()) {
            Path campaignFile = dir.resolve("campaign.yaml");
            Files.writeString(campaignFile, """
                    name: written-ablations
                    models:
                      - {name: oracle, profile: oracle}
                    benchmarks:
                      - {name: slot, eval_set: %s}
                    ablations: [none, paraphrase, toolkit_expansion]
                    ablation_settings:
                      paraphrase: {model: {profile: openai-compatible, endpoint: '%s', model: scripted-writer}, min_similarity: 0.8}
                      toolkit_expansion: {model: {profile: openai-compatible, endpoint: '%s', model: scripted-writer}, tools_per_gold_tool: 2}
                    samples: {limit: %d, seed: 3}
                    trials: %d
                    """.formatted(SuperheroEvalSets.slot(), writer.baseUrl(), writer.baseUrl(), SAMPLES, TRIALS));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString())) {
                CampaignServices services = harness.services();
                String id = "written";
                CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(5));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(status.cells()).hasSize(3);

                CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                        .build(id, Instant.now().toString());
                for (CellReport cell : report.cells()) {
                    assertThat(cell.scored()).as(cell.cellId()).isEqualTo(SAMPLES * TRIALS);
                    assertThat(cell.metrics().get("completion_rate").mean()).as(cell.cellId()).isEqualTo(1.0);
                    assertThat(cell.metrics().get("slot.f1").mean()).as(cell.cellId()).isEqualTo(1.0);
                }

                Map<String, EvalSample> samples = services.evalSets().samples(SuperheroEvalSets.slot().toString());
                List<String> sampleIds = services.store().cellSampleIds(id + "/oracle/slot/direct");
                AllMiniLmL6V2QuantizedEmbeddingModel embeddings = new AllMiniLmL6V2QuantizedEmbeddingModel();
                int accepted = 0;
                int keptTools = 0;
                int goldTools = 0;
                for (String sampleId : sampleIds) {
                    EvalSample sample = samples.get(sampleId);
                    String original = sample.input();
                    String rewrite = ScriptedAblationWriter.rewritesFaithfully(original) ? ScriptedAblationWriter.rewriteOf(original)
                            : ScriptedAblationWriter.DRIFT;
                    boolean passes = cosine(embeddings, original, rewrite) >= 0.8;
                    accepted += passes ? 1 : 0;
                    for (int trial = 0; trial < TRIALS; trial++) {
                        JsonNode paraphrased = prompt(services, id + "/oracle/slot/direct/paraphrase", sampleId, trial);
                        assertThat(lastUserMessage(paraphrased)).as("%s trial %d", sampleId, trial).isEqualTo(passes ? rewrite : original);
                        assertThat(lastUserMessage(prompt(services, id + "/oracle/slot/direct", sampleId, trial))).isEqualTo(original);
                    }

                    Map<String, Map<String, Object>> gold = new LinkedHashMap<>();
                    for (ToolCall call : sample.output()) {
                        sample.tools().stream().filter(t -> call.name().equals(t.get("name"))).findFirst().ifPresent(t -> gold.put(call.name(), t));
                    }
                    goldTools += gold.size();
                    for (int trial = 0; trial < TRIALS; trial++) {
                        JsonNode expanded = prompt(services, id + "/oracle/slot/direct/toolkit_expansion", sampleId, trial);
                        Set<String> offered = new LinkedHashSet<>();
                        expanded.path("tools").forEach(t -> offered.add(t.at("/function/name").asText()));
                        assertThat(offered).as("own tools first").containsAll(sample.tools().stream().map(t -> (String) t.get("name")).toList());
                        assertThat(offered).as("the unrelated tool is below 0.8 and dropped").doesNotContain(ScriptedAblationWriter.UNRELATED_TOOL);
                        List<String> written = offered.stream().filter(n -> n.endsWith(ScriptedAblationWriter.CLOSE_TOOL_SUFFIX)).toList();
                        assertThat(offered).hasSize(sample.tools().size() + written.size());
                        for (JsonNode tool : expanded.path("tools")) {
                            String name = tool.at("/function/name").asText();
                            if (!written.contains(name)) {
                                continue;
                            }
                            String origin = name.substring(0, name.length() - ScriptedAblationWriter.CLOSE_TOOL_SUFFIX.length());
                            double similarity = cosine(embeddings, signature(gold.get(origin)), signature(tool.path("function")));
                            assertThat(similarity).as("%s: %s to %s", sampleId, name, origin).isGreaterThanOrEqualTo(0.8);
                        }
                        // every gold tool whose close tool reaches 0.8 has it offered
                        for (Map.Entry<String, Map<String, Object>> g : gold.entrySet()) {
                            boolean close = cosine(embeddings, signature(g.getValue()), closeToolSignature(g.getValue())) >= 0.8;
                            assertThat(written.contains(g.getKey() + ScriptedAblationWriter.CLOSE_TOOL_SUFFIX)).as("%s %s", sampleId, g.getKey()).isEqualTo(close);
                        }
                        if (trial == 0) {
                            keptTools += written.size();
                        }
                    }
                }
                assertThat(accepted).as("some rewrites pass the check").isPositive();
                assertThat(accepted).as("some fall back to the original").isLessThan(SAMPLES);
                assertThat(keptTools).as("some written tools are kept").isPositive();
                // paid once per sample (paraphrase) and once per gold tool (expansion), not per trial
                assertThat(writer.requests("paraphrase")).isEqualTo(SAMPLES);
                assertThat(writer.requests("toolkit_expansion")).isEqualTo(goldTools);
                assertThat(writer.requests("other")).isZero();

                CellReport paraphraseCell = report.cells().stream().filter(c -> c.ablation().equals("paraphrase")).findFirst().orElseThrow();
                assertThat(paraphraseCell.ablationMaterial().rows()).hasSize(SAMPLES);
                assertThat(paraphraseCell.ablationMaterial().kept()).isEqualTo(accepted);
                CellReport expansionCell = report.cells().stream().filter(c -> c.ablation().equals("toolkit_expansion")).findFirst().orElseThrow();
                assertThat(expansionCell.ablationMaterial().rows()).hasSize(2 * goldTools);
                assertThat(expansionCell.ablationMaterial().kept()).isEqualTo(keptTools);
                String md = MarkdownReportRenderer.render(report);
                System.out.println(paraphraseCell.ablationMaterial().summary());
                System.out.println(expansionCell.ablationMaterial().summary());
                System.out.println("writer requests: paraphrase " + writer.requests("paraphrase") + ", toolkit_expansion "
                        + writer.requests("toolkit_expansion") + " (" + SAMPLES + " samples x " + TRIALS + " trials)");
                assertThat(md).contains("direct · paraphrase").contains("direct · toolkit_expansion")
                        .contains("paraphrase by openai-compatible (scripted-writer @ " + writer.baseUrl() + "): " + accepted + " of " + SAMPLES + " rewrites accepted")
                        .contains("embedding cosine (all-MiniLM-L6-v2) >= 0.80")
                        .contains("| " + ScriptedAblationWriter.UNRELATED_TOOL + " | ").contains("below_min_similarity");
                JsonNode json = Json.MAPPER.readTree(JsonReportRenderer.render(report));
                List<JsonNode> materials = new ArrayList<>();
                json.path("cells").forEach(c -> {
                    if (c.has("ablation_material")) {
                        materials.add(c.get("ablation_material"));
                    }
                });
                assertThat(materials).hasSize(2);
                assertThat(materials.get(0).path("rows").get(0).has("similarity")).isTrue();
                assertThat(HtmlReportRenderer.render(report)).contains("rewrites accepted").contains(ScriptedAblationWriter.UNRELATED_TOOL);
            }
        }
    }

    private static JsonNode prompt(CampaignServices services, String cellId, String sampleId, int trial) throws Exception {
        String json = services.store().prompt(cellId, sampleId, trial)
                .orElseThrow(() -> new AssertionError("no stored prompt for " + cellId + " " + sampleId + " trial " + trial));
        return Json.MAPPER.readTree(json);
    }

    private static String lastUserMessage(JsonNode prompt) {
        JsonNode messages = prompt.path("messages");
        return messages.get(messages.size() - 1).path("content").asText();
    }

    private static double cosine(AllMiniLmL6V2QuantizedEmbeddingModel model, String a, String b) {
        return CosineSimilarity.between(model.embed(a).content(), model.embed(b).content());
    }

    /** Seed 004's signature, written here from the spec: name and description, then each parameter with its description. */
    private static String signature(Map<String, Object> tool) {
        return signature((JsonNode) Json.MAPPER.valueToTree(tool));
    }

    private static String signature(JsonNode tool) {
        StringBuilder s = new StringBuilder(tool.path("name").asText() + ": " + tool.path("description").asText().strip());
        JsonNode args = tool.has("parameters") ? tool.path("parameters").path("properties") : tool.path("arguments");
        args.fields().forEachRemaining(e -> s.append("; ").append(e.getKey()).append(": ").append(e.getValue().path("description").asText().strip()));
        return s.toString();
    }

    /** The signature of the close tool the scripted writer writes for a gold tool (see ScriptedAblationWriter). */
    private static String closeToolSignature(Map<String, Object> gold) {
        JsonNode g = (JsonNode) Json.MAPPER.valueToTree(gold);
        StringBuilder s = new StringBuilder(g.path("name").asText() + ScriptedAblationWriter.CLOSE_TOOL_SUFFIX + ": "
                + (g.path("description").asText() + " At most max_rows rows are returned.").strip());
        JsonNode args = g.has("parameters") ? g.path("parameters").path("properties") : g.path("arguments");
        args.fields().forEachRemaining(e -> s.append("; ").append(e.getKey()).append(": ").append(e.getValue().path("description").asText().strip()));
        return s.append("; max_rows: the largest number of rows to return").toString();
    }
}
