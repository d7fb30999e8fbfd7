package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.TestData;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance (a): the deterministic generator verifies >= 90% of the bundled BIRD and Spider questions. */
class RestBenchmarkBuilderTest {
    @TempDir
    Path out;

    private Map<String, Object> build(String source) throws Exception {
        Path root = TestData.root().resolve(source);
        BuildOptions o = new BuildOptions(source, root, List.of(), List.of(), BuildMode.PAPER, out, TestData.root());
        Map<String, Object> cov = RestBuildStep.run(o, new CoverageReport(), m -> System.out.println("build: " + m), true);
        System.out.println(source + " rest coverage: " + Json.MAPPER.writeValueAsString(cov));
        return cov;
    }

    @Test
    void birdQuestionsGetVerifiedEndpoints() throws Exception {
        Map<String, Object> cov = build("bird");
        assertThat(cov.get("questions")).isEqualTo(274);
        assertThat(((Number) cov.get("verified")).intValue()).isGreaterThanOrEqualTo((int) Math.ceil(0.9 * 274));
        assertThat(Files.readString(out.resolve("coverage.json"))).contains("\"rest\"");
        EvalSetFile set = Json.MAPPER.readValue(out.resolve("bird-superhero-rest.json").toFile(), EvalSetFile.class);
        assertThat(set.data()).isNotEmpty();
        EvalSample s = set.data().get(0);
        assertThat(s.output()).hasSize(1);
        assertThat(s.tools()).extracting(t -> t.get("name")).contains(s.output().get(0).name());
        List<Map<String, Object>> tools = Json.MAPPER.readValue(out.resolve("bird-superhero-rest-tools.json").toFile(), new TypeReference<>() {});
        assertThat(tools).allSatisfy(t -> assertThat((String) t.get("name")).matches("get_[a-z0-9_]+_v1_bird_superhero(_\\d+)?").hasSizeLessThanOrEqualTo(64));
        Map<String, Object> openapi = Json.MAPPER.readValue(out.resolve("bird-superhero-openapi.json").toFile(), new TypeReference<>() {});
        assertThat((Map<?, ?>) openapi.get("paths")).hasSize(tools.size());
        // re-verification from the published files agrees on every sample
        dev.ibench.core.verify.EvalSetVerifier.Result again = new RestEvalSetVerifier().verify(out, null);
        assertThat(again.samples()).isEqualTo(274);
        assertThat(again.agreed()).isEqualTo(274);
    }

    @Test
    void spiderQuestionsGetVerifiedEndpoints() throws Exception {
        Map<String, Object> cov = build("spider");
        assertThat(cov.get("questions")).isEqualTo(725);
        assertThat(((Number) cov.get("verified")).intValue()).isGreaterThanOrEqualTo((int) Math.ceil(0.9 * 725));
    }
}
