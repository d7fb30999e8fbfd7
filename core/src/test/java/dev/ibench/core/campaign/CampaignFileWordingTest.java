package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, unclear messages: {@code trials: 1.5} silently became 1; Jackson's wording ({@code Cannot construct
 * instance of java.util.ArrayList}, {@code StreamReadConstraints}) reached users. Each is now one plain sentence
 * naming the key.
 */
class CampaignFileWordingTest {
    private static final String BASE = "name: d\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
    @TempDir Path dir;

    private Path write(String yaml) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    @Test
    void aFractionalTrialCountIsRefusedNotRoundedDown() throws IOException {
        Path file = write(BASE + "trials: 1.5\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(file))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("trials: '1.5' is not a whole number");
    }

    @Test
    void aSingleValueWhereAListBelongsSaysSoWithoutJavaClassNames() throws IOException {
        Path file = write("name: d\nmodels: oracle\nbenchmarks: [{name: b, eval_set: x.json}]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(file))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("models: a list is expected here")
                .message().doesNotContain("java.").doesNotContain("Cannot construct");
    }

    @Test
    void aNumberTooLongToReadSaysSoWithoutJacksonsLimitName() throws IOException {
        Path file = write(BASE + "trials: " + "1".repeat(1200) + "\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(file))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("longer than this reader accepts")
                .message().doesNotContain("StreamReadConstraints");
    }
}
