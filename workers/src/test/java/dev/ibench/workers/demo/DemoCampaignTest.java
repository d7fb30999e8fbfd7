package dev.ibench.workers.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ibench.core.score.EvalSetReader;
import dev.ibench.workers.IbenchHome;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo --models}: only the demo's own models are accepted, and an empty choice is refused. The demo plans only
 * samples whose prompts fit every chosen model's context (issue 29, item 1).
 */
class DemoCampaignTest {
    @TempDir Path dir;

    @Test
    void anUnknownOrEmptyModelChoiceIsRefusedWithTheAcceptedNames() {
        DemoCampaign demo = new DemoCampaign(new IbenchHome(dir), new PrintStream(OutputStream.nullOutputStream()));
        assertThatThrownBy(() -> demo.prepare(1, List.of("oracle", "gpt-4o"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("demo --models oracle,gpt-4o: choose one or more of oracle, smollm2");
        assertThatThrownBy(() -> demo.prepare(1, List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("choose one or more of oracle, smollm2");
        assertThatThrownBy(() -> demo.prepare(0, List.of("oracle"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("demo --samples must be 1 or more, got 0");
    }

    private IbenchHome homeWithData() throws Exception {
        Path repo = (Files.isDirectory(Path.of("data/bird")) ? Path.of("") : Path.of("..")).toAbsolutePath().normalize();
        Files.createSymbolicLink(dir.resolve("data"), repo.resolve("data"));
        Files.createSymbolicLink(dir.resolve(".tools"), repo.resolve(".tools"));
        return new IbenchHome(dir);
    }

    @Test
    void theOracleAloneRunsEveryBenchmarkWithTheDefaultSampleCounts() throws Exception {
        DemoCampaign demo = new DemoCampaign(homeWithData(), new PrintStream(OutputStream.nullOutputStream()));
        DemoCampaign.Plan plan = demo.prepare(null, List.of("oracle"));
        assertThat(plan.benchmarks()).containsExactly("slot-superhero", "sel-superhero", "bfcl-simple");
        assertThat(plan.skipped()).isEmpty();
        assertThat(EvalSetReader.read(demo.directory().resolve("campaign/slot-superhero.json"))).hasSize(1);
        assertThat(EvalSetReader.read(demo.directory().resolve("campaign/sel-superhero.json"))).hasSize(1);
        assertThat(EvalSetReader.read(demo.directory().resolve("campaign/bfcl-simple.json"))).hasSize(3);
        assertThat(Files.readString(plan.campaignFile())).contains("{name: oracle, profile: oracle}").doesNotContain("smollm2");
    }

    @Test
    void samplesThatCannotFitSmolLm2sContextAreSkippedNotPlanned() throws Exception {
        IbenchHome home = homeWithData();
        assumeTrue(Files.isRegularFile(home.root().resolve(".tools/models/SmolLM2-135M-Instruct.Q4_1.gguf")), "SmolLM2 gguf installed");
        DemoCampaign demo = new DemoCampaign(home, new PrintStream(OutputStream.nullOutputStream()));
        DemoCampaign.Plan plan = demo.prepare(2, List.of("oracle", "smollm2"));

        // superhero's SEL prompts list a getter per column: 12-13k tokens, more than SmolLM2's 8192
        assertThat(plan.skipped()).hasSize(2).allSatisfy(s -> {
            assertThat(s.benchmark()).isEqualTo("sel-superhero");
            assertThat(s.model()).isEqualTo("smollm2");
            assertThat(s.reason()).matches("prompt 1\\d{4} tokens > context 8192");
        });
        assertThat(plan.leftOut()).containsExactly("sel-superhero");
        assertThat(plan.benchmarks()).containsExactly("slot-superhero", "bfcl-simple");
        assertThat(demo.directory().resolve("campaign/sel-superhero.json")).doesNotExist();
        assertThat(EvalSetReader.read(demo.directory().resolve("campaign/slot-superhero.json"))).hasSize(2);
        assertThat(Files.readString(plan.campaignFile())).contains("campaign/slot-superhero.json", "campaign/bfcl-simple.json")
                .doesNotContain("sel-superhero");
    }
}
