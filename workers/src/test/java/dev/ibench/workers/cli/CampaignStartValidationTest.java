package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench campaign start} checks the campaign file before it contacts any server: with nothing listening at the
 * Temporal address, a bad ablation, mode or ablation setting exits non-zero naming the problem (and never reports that
 * no server answers).
 */
class CampaignStartValidationTest {
    private static final String BASE = "name: v\nmodels: [{name: oracle, profile: oracle}]\nbenchmarks: [{name: b, eval_set: missing.json}]\n";

    @TempDir Path dir;

    private CliRun start(String yaml) throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, BASE + yaml);
        return CliRun.of("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
    }

    @Test
    void anUnknownAblationIsRejectedWithTheValidOnesBeforeAnyServerIsContacted() throws Exception {
        CliRun r = start("ablations: [shuffled]\n");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("unknown ablation 'shuffled'")
                .contains("obfuscated, universe:<percent>, paraphrase, toolkit_expansion").doesNotContain("no Temporal server");
    }

    @Test
    void anUnknownModeIsRejectedWithTheValidOnes() throws Exception {
        CliRun r = start("modes: [agent]\n");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("unknown mode 'agent'").contains("direct, react, sql").doesNotContain("no Temporal server");
    }

    @Test
    void aModelWrittenAblationWithoutItsWriterOrWithAnUnknownSettingIsRejected() throws Exception {
        CliRun missing = start("ablations: [toolkit_expansion]\n");
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("ablation_settings.toolkit_expansion: missing").doesNotContain("no Temporal server");
        CliRun unknownKey = start("ablations: [paraphrase]\nablation_settings: {paraphrase: {model: {profile: openai-compatible}, threshold: 0.9}}\n");
        assertThat(unknownKey.exit()).isNotZero();
        assertThat(unknownKey.err()).contains("threshold").doesNotContain("no Temporal server");
    }
}
