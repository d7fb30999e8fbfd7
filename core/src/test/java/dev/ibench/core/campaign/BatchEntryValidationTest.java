package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code batch: true} and {@code batch_settings} on a model entry (docs/batch.md): read, defaulted and refused where they cannot apply. */
class BatchEntryValidationTest {
    @TempDir Path dir;

    private Path write(String models, String modes) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "name: b\nmodels: [" + models + "]\nbenchmarks: [{name: b, eval_set: x.json}]\nmodes: [" + modes + "]\n");
        return f;
    }

    @Test
    void readsBatchSettingsAndDefaultsTheRestToOpenAisLimits() throws IOException {
        CampaignSpec spec = new CampaignSpecLoader().load(write(
                "{name: m, profile: p, batch: true, batch_settings: {poll_seconds: 60, failed_lines: mark, price_per_million_input: 0.5}}",
                "direct, sql"));
        ModelEntry entry = spec.models().get(0);
        assertThat(entry.batched()).isTrue();
        BatchSettings settings = entry.batchSettingsOrDefault();
        assertThat(settings.pollSeconds()).isEqualTo(60);
        assertThat(settings.failedLines()).isEqualTo("mark");
        assertThat(settings.linesPerFile()).isEqualTo(50_000);
        assertThat(settings.bytesPerFile()).isEqualTo(200_000_000L);
        assertThat(settings.pricePerMillionInput()).isEqualTo(0.5);
        assertThat(new CampaignSpecLoader().load(write("{name: m, profile: p}", "direct")).models().get(0).batched()).isFalse();
    }

    @Test
    void refusesBatchWithReactCellsNamingTheEntry() throws IOException {
        Path file = write("{name: m, profile: p, batch: true}", "direct, react");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(file)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("models[0].batch:").hasMessageContaining("react");
    }

    @Test
    void refusesSettingsWithoutBatchAndSettingsOutOfRange() throws IOException {
        Path without = write("{name: m, profile: p, batch_settings: {poll_seconds: 60}}", "direct");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(without)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("models[0].batch_settings: given, but batch is not true");
        Path lines = write("{name: m, profile: p, batch: true, batch_settings: {lines_per_file: 50001}}", "direct");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(lines)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("models[0].batch_settings.lines_per_file: must be between 1 and 50000, got 50001");
        Path failed = write("{name: m, profile: p, batch: true, batch_settings: {failed_lines: retry}}", "direct");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(failed)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("failed_lines: must be 'call'");
    }
}
