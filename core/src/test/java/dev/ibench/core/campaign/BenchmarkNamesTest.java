package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45 B6: a benchmark name with a terminal escape, a '/' (it would split the cell id) or markup is refused at
 * {@code campaign start}, and the refusal shows the name escaped, never the raw control characters.
 */
class BenchmarkNamesTest {
    @TempDir Path dir;

    private Path campaignWithBenchmark(String quotedName) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "name: n\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: " + quotedName + ", eval_set: x.json}]\n");
        return f;
    }

    @Test
    void aTerminalEscapeInABenchmarkNameIsRefusedAndShownEscaped() throws IOException {
        Path file = campaignWithBenchmark("\"\\e[31mred\\e[0m\"");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(file))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("benchmarks[0].name: '\\u001b[31mred\\u001b[0m'")
                .message().doesNotContain("\u001b");
    }

    @Test
    void aSlashOrMarkupInABenchmarkNameIsRefused() throws IOException {
        Path slash = campaignWithBenchmark("a/b");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(slash)).hasMessageContaining("benchmarks[0].name: 'a/b' may only use");
        Path script = campaignWithBenchmark("\"<script>alert(1)</script>\"");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(script)).hasMessageContaining("benchmarks[0].name: '<script>alert(1)</script>' may only use");
    }

    @Test
    void aRefusedModelNameIsShownEscapedToo() throws IOException {
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, "name: n\nmodels: [{name: \"m\\e]0;title\\a\", profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(f))
                .hasMessageContaining("models[0].name: 'm\\u001b]0;title\\u0007'")
                .message().doesNotContain("\u001b").doesNotContain("\u0007");
    }

    @Test
    void lettersDigitsDotsUnderscoresAndDashesAreAccepted() throws IOException {
        assertThat(new CampaignSpecLoader().load(campaignWithBenchmark("bird-superhero_slot.v2")).benchmarks().get(0).name())
                .isEqualTo("bird-superhero_slot.v2");
    }
}
