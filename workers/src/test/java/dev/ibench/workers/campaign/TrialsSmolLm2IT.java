package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.ModelCallRecord;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.TrialOutcomes;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.cli.IbenchCli;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Trials with the real SmolLM2 (in-process GGUF) on real superhero SLOT samples, on the real dev server with a worker
 * in its own JVM: at temperature 0.8 every trial is its own stored request with its own seed and the outputs differ;
 * at temperature 0 the trials are identical and the report says so. (The full 20 x 3 run is
 * bench/run-trials-smollm2.sh.)
 */
class TrialsSmolLm2IT {
    @TempDir Path dir;

    private Path campaign(String name, int samples, int trials, double temperature) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, """
                name: %s
                models:
                  - {name: smol, profile: smollm2}
                benchmarks:
                  - {name: superhero-slot, eval_set: eval/superhero-shortest.json}
                samples: {limit: %d, seed: 3}
                trials: %d
                decoding: {temperature: %s, max_tokens: 40, seed: 21}
                """.formatted(name, samples, trials, temperature));
        return file;
    }

    /**
     * The eval set cut to the samples with the shortest tool lists: SmolLM2 in-process evaluates a 2,500-4,000-token
     * SLOT prompt with no prompt cache, so the prompt's length is most of this test's time; trials work the same on any
     * sample.
     */
    /** Builds the BIRD superhero SLOT set into {@code dir/eval} and keeps its {@code count} shortest prompts as {@code eval/superhero-shortest.json}. */
    static void buildShortestSuperheroSlot(Path dir, int count) throws Exception {
        Path data = (Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data")).toAbsolutePath().normalize();
        int built = new CommandLine(new IbenchCli()).execute("build", "--source", "bird", "--root", data.resolve("bird").toString(),
                "--db", "superhero", "--style", "slot", "--mode", "paper", "--out", dir.resolve("eval").toString());
        assertThat(built).isZero();
        keepShortestPrompts(dir.resolve("eval/bird-superhero-slot.json"), dir.resolve("eval/superhero-shortest.json"), count);
    }

    private static void keepShortestPrompts(Path evalSet, Path out, int count) throws Exception {
        ObjectNode set = (ObjectNode) Json.MAPPER.readTree(evalSet.toFile()); // {source, db_id, ..., data_root, data: [...]}
        List<JsonNode> samples = new ArrayList<>();
        set.withArray("data").forEach(samples::add);
        samples.sort(Comparator.comparingInt((JsonNode s) -> s.path("tools").toString().length()).thenComparing(s -> s.path("sample_id").asText()));
        ArrayNode shortest = Json.MAPPER.createArrayNode();
        samples.stream().limit(count).forEach(shortest::add);
        set.set("data", shortest);
        Files.writeString(out, Json.MAPPER.writeValueAsString(set));
    }

    @Test
    void hotTrialsAreIndependentRequestsAndColdTrialsAreReportedDeterministic() throws Exception {
        buildShortestSuperheroSlot(dir, 2);
        Path hot = campaign("hot", 2, 3, 0.8);
        Path cold = campaign("cold", 1, 2, 0.0);
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", hot.toString(), "--models-from", cold.toString())) {
            CampaignServices services = harness.services();
            for (Path file : List.of(hot, cold)) {
                CampaignStatus status = harness.run(file, file.getFileName().toString().replace(".yaml", ""), Duration.ofMinutes(20)); // 8 SmolLM2 calls
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            }
            String hotCell = "hot/smol/superhero-slot/direct";
            List<ModelCallRecord> calls = new ArrayList<>();
            for (String sampleId : services.store().cellSampleIds(hotCell)) {
                for (int trial = 0; trial < 3; trial++) {
                    calls.add(services.store().modelCall(hotCell, sampleId, trial, 0).orElseThrow());
                }
            }
            assertThat(calls).hasSize(6);
            assertThat(calls.stream().map(ModelCallRecord::cacheKey).distinct()).as("one stored request per trial").hasSize(6);
            assertThat(calls).noneMatch(ModelCallRecord::cacheHit);
            Set<String> samplesWithDifferentOutputs = new HashSet<>();
            for (int i = 0; i < calls.size(); i += 3) {
                if (new HashSet<>(calls.subList(i, i + 3).stream().map(ModelCallRecord::rawOutput).toList()).size() > 1) {
                    samplesWithDifferentOutputs.add(calls.get(i).sampleId());
                }
            }
            assertThat(samplesWithDifferentOutputs).as("sampling at 0.8 with per-trial seeds").isNotEmpty();

            CampaignReportBuilder reports = new CampaignReportBuilder(services.store(), services.evalSets(),
                    services::scorerOf);
            CampaignReport hotReport = reports.build("hot", Instant.now().toString());
            CellReport hotCellReport = hotReport.cells().get(0);
            assertThat(hotCellReport.metrics()).containsKeys("pass@1.completion", "pass@3.completion", "pass^3.completion",
                    "pass@1.sequence_full", "pass^3.sequence_full");
            assertThat(hotCellReport.metrics().get(TrialOutcomes.IDENTICAL_SHARE).mean()).isLessThan(1.0);
            assertThat(MarkdownReportRenderer.render(hotReport)).doesNotContain("Trials are deterministic");

            CampaignReport coldReport = reports.build("cold", Instant.now().toString());
            assertThat(coldReport.cells().get(0).metrics().get(TrialOutcomes.IDENTICAL_SHARE).mean()).isEqualTo(1.0);
            assertThat(MarkdownReportRenderer.render(coldReport)).contains("Trials are deterministic");
        }
    }
}
