package dev.ibench.workers.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DevServerSettingsTest {

    @Test
    void commandRegistersEverySearchAttributeWithItsType() {
        DevServerSettings settings = DevServerSettings.defaults(Path.of("/state"));
        List<String> command = settings.command(Path.of("/tools/temporal"));

        assertThat(command).startsWith("/tools/temporal", "server", "start-dev");
        assertThat(String.join(" ", command))
                .contains("--db-filename /state/temporal.db")
                .contains("--ip 127.0.0.1")
                .contains("--port 7233")
                .contains("--ui-port 8233")
                .contains("--search-attribute IbenchCampaignId=Keyword")
                .contains("--search-attribute IbenchModel=Keyword")
                .contains("--search-attribute IbenchBenchmark=Keyword")
                .contains("--search-attribute IbenchState=Keyword")
                .contains("--search-attribute IbenchProgress=Double")
                .doesNotContain("--http-port");
        assertThat(settings.uiUrl()).isEqualTo("http://127.0.0.1:8233");
    }
}
