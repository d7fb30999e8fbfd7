package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.report.StoredPrompts;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.export.SampleScoresExport;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30's acceptance for ablations on ReACT cells, on the real dev server with a worker wired as {@code ibench worker}
 * (SLOT and SEL tools in process, REST over HTTP to the worker's tool server): the oracle agent on SLOT, SEL and REST
 * superhero under {@code obfuscated} and {@code universe:10,25,50,100} completes every sample; the prompts of every step,
 * read back through {@code campaign export --with-prompts}, show no real tool or argument name outside the question
 * under {@code obfuscated}, offer under every share the count of Table 4's rule with each of the sample's own tools in
 * its own spec, and SLOT's {@code universe:100} prompts are its no-ablation prompts; the HTML report draws Figures 3-4
 * from the ReACT cells. Names, counts and specs are read off the eval set files here, not from the ablation code.
 */
class ReactAblationCampaignIT {
    private static final int SAMPLES = 3;
    private static final List<Integer> SHARES = List.of(10, 25, 50, 100);
    private static final String ID = "react-ablations";

    @TempDir Path dir;

    @Test
    void theOracleAgentCompletesUnderEveryAblationAndTheStoredPromptsShowTheTransforms() throws Exception {
        Map<String, Path> benchmarks = Map.of("slot", SuperheroEvalSets.slot(), "sel", SuperheroEvalSets.sel(), "rest", SuperheroEvalSets.rest());
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: react-ablations
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: slot, eval_set: %s}
                  - {name: sel, eval_set: %s}
                  - {name: rest, eval_set: %s}
                modes: [react]
                ablations: [none, obfuscated, 'universe:10', 'universe:25', 'universe:50', 'universe:100']
                samples: {limit: %d, seed: 5}
                decoding: {seed: 9}
                """.formatted(benchmarks.get("slot"), benchmarks.get("sel"), benchmarks.get("rest"), SAMPLES));
        try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,tools,scoring", "--models-from", campaignFile.toString())) {
            CampaignStatus status = harness.run(campaignFile, ID, Duration.ofMinutes(25));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            assertThat(status.cells()).hasSize(3 * 6);

            CampaignServices services = harness.services();
            List<SampleRow> rows = new ArrayList<>();
            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build(ID, Instant.now().toString(), 0, rows::add);
            report.cells().forEach(cell -> {
                assertThat(cell.scored()).as(cell.cellId()).isEqualTo(SAMPLES);
                assertThat(cell.metrics().get("completion_rate").mean()).as(cell.cellId()).isEqualTo(1.0);
            });

            // what anyone can check on a finished campaign: the export with every step's prompt
            Map<String, List<JsonNode>> prompts = new HashMap<>();
            for (String line : SampleScoresExport.jsonl(ID, rows, java.util.Map.of(), new StoredPrompts(services.store())).split("\n")) {
                JsonNode item = Json.MAPPER.readTree(line);
                List<JsonNode> steps = new ArrayList<>();
                item.get("prompts").forEach(steps::add);
                prompts.put(item.get("cell_id").asText() + "|" + item.get("sample_id").asText(), steps);
            }

            for (Map.Entry<String, Path> benchmark : benchmarks.entrySet()) {
                Map<String, EvalSample> samples = services.evalSets().samples(benchmark.getValue().toString());
                Set<String> universe = samples.values().stream().flatMap(s -> s.tools().stream()).map(t -> (String) t.get("name"))
                        .collect(Collectors.toSet());
                String plainCell = ID + "/oracle/" + benchmark.getKey() + "/react";
                List<String> sampleIds = services.store().cellSampleIds(plainCell);
                assertThat(sampleIds).hasSize(SAMPLES);
                for (String sampleId : sampleIds) {
                    EvalSample sample = samples.get(sampleId);
                    List<JsonNode> plain = steps(prompts, plainCell, sample);

                    for (JsonNode prompt : steps(prompts, plainCell + "/obfuscated", sample)) {
                        assertNoRealName(sample, text(prompt));
                    }

                    Set<String> gold = sample.output().stream().map(ToolCall::name).collect(Collectors.toSet());
                    for (int share : SHARES) {
                        String cell = plainCell + "/universe:" + share;
                        List<JsonNode> shown = steps(prompts, cell, sample);
                        for (JsonNode prompt : shown) {
                            Map<String, JsonNode> offered = offeredTools(text(prompt));
                            assertThat(offered.keySet()).as("%s %s", cell, sampleId).containsAll(gold)
                                    .hasSize(Math.max(gold.size(), Math.max(1, universe.size() * share / 100)));
                            for (Map<String, Object> own : sample.tools()) {
                                JsonNode offeredSpec = offered.get((String) own.get("name"));
                                if (offeredSpec != null) {
                                    assertThat(offeredSpec).as("%s %s %s: the sample's own spec", cell, sampleId, own.get("name"))
                                            .isEqualTo(Json.MAPPER.valueToTree(own));
                                }
                            }
                        }
                        if (benchmark.getKey().equals("slot") && share == 100) {
                            assertThat(shown).as("SLOT universe:100 is the sample as it is: %s", sampleId).isEqualTo(plain);
                        }
                    }
                }
            }

            assertThat(MarkdownReportRenderer.render(report)).contains("react · obfuscated").contains("react · universe:25");
            String html = HtmlReportRenderer.render(report);
            assertThat(html).contains("Figure 3 (ReACT): obfuscated vs plain tool names").contains("Figure 4 (ReACT): rest, tool universe shown")
                    .contains("Tool universe sizes (seed Table 4)");
        }
    }

    /** The prompts of an item, one per step of the oracle's trajectory: a step per gold call and the final answer. */
    private static List<JsonNode> steps(Map<String, List<JsonNode>> prompts, String cell, EvalSample sample) {
        List<JsonNode> steps = prompts.get(cell + "|" + sample.sampleId());
        assertThat(steps).as("%s %s: a prompt per step", cell, sample.sampleId()).hasSize(sample.output().size() + 1);
        return steps;
    }

    private static String text(JsonNode prompt) {
        if (prompt.hasNonNull("text")) {
            return prompt.get("text").asText();
        }
        StringBuilder out = new StringBuilder();
        prompt.path("messages").forEach(m -> out.append(m.path("content").asText()).append('\n'));
        return out.toString();
    }

    /** The tools of a ReACT prompt (seed G.1: one JSON spec per line after "You have access to the following tools:"). */
    private static Map<String, JsonNode> offeredTools(String text) throws Exception {
        String block = text.substring(text.indexOf("You have access to the following tools:"), text.indexOf("Respond to the query"));
        Map<String, JsonNode> tools = new HashMap<>();
        for (String line : block.split("\n")) {
            if (line.startsWith("{")) {
                JsonNode tool = Json.MAPPER.readTree(line);
                tools.put(tool.get("name").asText(), tool);
            }
        }
        return tools;
    }

    private static void assertNoRealName(EvalSample sample, String prompt) {
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Object> tool : sample.tools()) {
            names.add((String) tool.get("name"));
            if (tool.get("parameters") instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> properties) {
                properties.keySet().forEach(k -> names.add((String) k));
            }
        }
        sample.output().forEach(c -> {
            names.add(c.name());
            names.addAll(c.arguments().keySet());
        });
        // a word: letters, digits, underscores; the n of a JSON "\n" escape in a tool line is none
        Pattern word = Pattern.compile("(?<![A-Za-z0-9_\\\\])(?:" + names.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                + ")(?![A-Za-z0-9_])");
        String read = prompt.replace(sample.input(), " ");
        Matcher m = word.matcher(read);
        assertThat(m.find() ? m.group() + " in ..." + read.substring(Math.max(0, m.start() - 80), Math.min(read.length(), m.end() + 80))
                : null).as("%s: a real name in an obfuscated prompt", sample.sampleId()).isNull();
    }
}
