package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion for REST eval sets: predicted calls run on the published endpoints of the eval set's folder. */
class RestEndpointRuntimeTest {
    @TempDir
    static Path out;

    static List<EvalSample> samples;

    @BeforeAll
    static void build() throws Exception {
        Path root = TestData.root().resolve("bird");
        RestBuildStep.run(new BuildOptions("bird", root, List.of("superhero"), List.of(), BuildMode.PAPER, out, TestData.root()),
                new CoverageReport(), m -> {}, false);
        samples = Json.MAPPER.readValue(out.resolve("bird-superhero-rest.json").toFile(), EvalSetFile.class).data();
    }

    @Test
    void everyGoldCallCompletes() {
        try (RestEndpointRuntime runtime = RestEndpointRuntime.forEvalSet(out.resolve("bird-superhero-rest.json"), null)) {
            SampleScorer scorer = new SampleScorer(ParserChains.named("json"), runtime);
            for (EvalSample s : samples) {
                assertThat(runtime.unavailable(s)).isEmpty();
                SampleScore score = scorer.score(s, Json.MAPPER.valueToTree(s.output()).toString());
                assertThat(score.completed()).as(s.sampleId()).isTrue();
            }
            assertThat(samples).hasSize(129);
        }
    }

    @Test
    void wrongUnknownAndIllTypedCallsDoNotComplete() {
        EvalSample withString = samples.stream().filter(s -> s.output().get(0).arguments().values().stream().anyMatch(v -> v instanceof String))
                .findFirst().orElseThrow();
        ToolCall gold = withString.output().get(0);
        Map<String, Object> wrongValue = new LinkedHashMap<>(gold.arguments());
        wrongValue.replaceAll((k, v) -> v instanceof String ? "no such value ' OR 1=1 --" : v);
        try (RestEndpointRuntime runtime = RestEndpointRuntime.forEvalSet(out.resolve("bird-superhero-rest.json"), null)) {
            ExecutionOutcome wrong = runtime.execute(withString, List.of(new ToolCall(gold.name(), wrongValue, null)));
            assertThat(wrong.ok() && runtime.matchesGold(withString, wrong.answer())).isFalse();

            ExecutionOutcome unknown = runtime.execute(withString, List.of(new ToolCall("get_everything_v1_bird_superhero", Map.of(), null)));
            assertThat(unknown.ok()).isFalse();
            assertThat(unknown.observations()).anySatisfy(o -> assertThat(o).contains("no such endpoint"));

            Map<String, Object> extra = new LinkedHashMap<>(gold.arguments());
            extra.put("not_a_parameter", 1);
            ExecutionOutcome illTyped = runtime.execute(withString, List.of(new ToolCall(gold.name(), extra, null)));
            assertThat(illTyped.ok()).isFalse();
            assertThat(illTyped.observations()).anySatisfy(o -> assertThat(o).contains("400").contains("not_a_parameter"));
        }
    }

    @Test
    void aRestEvalSetWithoutItsEndpointsIsRefusedByName() {
        Path lonely = out.resolve("spider-nowhere-rest.json");
        assertThat(RestEndpointRuntime.isRestEvalSet(lonely)).isTrue();
        assertThat(RestEndpointRuntime.isRestEvalSet(out.resolve("bird-superhero-slot.json"))).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RestEndpointRuntime.forEvalSet(lonely, null))
                .hasMessageContaining("spider-nowhere-rest-endpoints.json");
    }
}
