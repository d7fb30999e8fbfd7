package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile campaign files: each is refused naming the key (and line), and no credential is repeated in the message. */
class CampaignFileInputTest {
    private static final String BASE = "name: c\nbenchmarks: [{name: b, eval_set: x.json}]\n";

    @TempDir Path dir;

    private CampaignSpec load(String yaml) throws IOException {
        return new CampaignSpecLoader().load(Files.writeString(dir.resolve("c.yaml"), yaml));
    }

    @Test
    void aValueOfTheWrongTypeNamesTheKeyAndTheLine() {
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p}]\nsamples_in_flight: \"abc\"\n"))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("c.yaml line 4: samples_in_flight: 'abc' is not a whole number");
        assertThatThrownBy(() -> load(BASE + "models:\n  - name: m\n    profile: p\n    concurrency: lots\n"))
                .hasMessageContaining("line 6: models[0].concurrency: 'lots' is not a whole number");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p}]\ntrials: 1\ntrials: 5\n"))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("line 5").hasMessageContaining("given twice").hasMessageContaining("'trials'");
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, profile: q}]\n"))
                .hasMessageContaining("given twice").hasMessageContaining("'profile'");
    }

    @Test
    void endpointsOtherThanHttpAreRefused() throws IOException {
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, endpoint: \"file:///etc/passwd\"}]\n"))
                .hasMessageContaining("models[0].endpoint: 'file://' endpoints are not served");
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, endpoint: \"ftp://host/v1\"}]\n"))
                .hasMessageContaining("models[0].endpoint: 'ftp://' endpoints are not served");
        assertThat(load(BASE + "models: [{name: m, profile: p, endpoint: \"https://host:8000/v1?api-version=2024\"}]\n")
                .models().get(0).endpoint()).isEqualTo("https://host:8000/v1?api-version=2024");
    }

    @Test
    void credentialsInAnEndpointAreRefusedWithoutRepeatingThem() {
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, endpoint: \"https://bob:hunter2@host/v1\"}]\n"))
                .hasMessageContaining("models[0].endpoint: https://host carries credentials").hasMessageContaining("api_key_env")
                .hasMessageNotContaining("hunter2").hasMessageNotContaining("bob");
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, endpoint: \"https://host/v1?api_key=sk-SECRET1\"}]\n"))
                .hasMessageContaining("carries a credential in its query (api_key)").hasMessageNotContaining("sk-SECRET1");
        assertThatThrownBy(() -> load(BASE + "models: [{name: m, profile: p, endpoint: \"http://host/v1?x=1&access_token=t0k\"}]\n"))
                .hasMessageContaining("(access_token)").hasMessageNotContaining("t0k");
    }
}
