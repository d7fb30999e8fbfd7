package dev.ibench.workers.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Temporal address and namespace, each from the option, else the environment, else the config file, else the default. */
class TemporalSettingsTest {
    @TempDir Path dir;

    private IbenchHome homeWithConfig(String content) throws IOException {
        Files.createDirectories(dir.resolve(".ibench"));
        Files.writeString(dir.resolve(".ibench/config.properties"), content);
        return new IbenchHome(dir);
    }

    @Test
    void withNothingSetTheDefaultsApplyAndHintsCarryNoFlags() {
        TemporalSettings s = TemporalSettings.resolve(null, null, new IbenchHome(dir), Map.<String, String>of()::get);
        assertThat(s.address()).isEqualTo("127.0.0.1:7233");
        assertThat(s.namespace()).isEqualTo("default");
        assertThat(s.addressSource()).isEqualTo("default");
        assertThat(s.hintFlags()).isEmpty();
    }

    @Test
    void theConfigFileSetsTheAddressOnceAndHintsCarryIt() throws IOException {
        IbenchHome home = homeWithConfig("# set once for this home\ntemporal.address = 10.0.0.5:7300\ntemporal.namespace=evals\n");
        TemporalSettings s = TemporalSettings.resolve(null, null, home, Map.<String, String>of()::get);
        assertThat(s.address()).isEqualTo("10.0.0.5:7300");
        assertThat(s.namespace()).isEqualTo("evals");
        assertThat(s.addressSource()).isEqualTo(dir.resolve(".ibench/config.properties") + " temporal.address");
        assertThat(s.hintFlags()).isEqualTo(" --address 10.0.0.5:7300 --namespace evals");
    }

    @Test
    void theEnvironmentWinsOverTheFileAndTheOptionOverBoth() throws IOException {
        IbenchHome home = homeWithConfig("temporal.address=10.0.0.5:7300\ntemporal.namespace=evals\n");
        Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "10.0.0.6:7400");
        TemporalSettings fromEnv = TemporalSettings.resolve(null, null, home, env::get);
        assertThat(fromEnv.address()).isEqualTo("10.0.0.6:7400");
        assertThat(fromEnv.addressSource()).isEqualTo("$TEMPORAL_ADDRESS");
        assertThat(fromEnv.namespace()).as("the namespace is still the file's").isEqualTo("evals");
        TemporalSettings fromOption = TemporalSettings.resolve("127.0.0.1:7500", "other", home, env::get);
        assertThat(fromOption.address()).isEqualTo("127.0.0.1:7500");
        assertThat(fromOption.addressSource()).isEqualTo("--address");
        assertThat(fromOption.namespace()).isEqualTo("other");
        assertThat(fromOption.hintFlags()).isEqualTo(" --address 127.0.0.1:7500 --namespace other");
    }

    @Test
    void anUnknownKeyABlankValueOrABadAddressIsRejectedNamingTheFile() throws IOException {
        Path file = dir.resolve(".ibench/config.properties");
        IbenchHome misspelt = homeWithConfig("temporal.adress=10.0.0.5:7300\n");
        assertThatThrownBy(() -> TemporalSettings.resolve(null, null, misspelt, Map.<String, String>of()::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("unknown key 'temporal.adress'")
                .hasMessageContaining("temporal.address");
        IbenchHome blank = homeWithConfig("temporal.address=\n");
        assertThatThrownBy(() -> TemporalSettings.resolve(null, null, blank, Map.<String, String>of()::get))
                .hasMessageContaining(file.toString()).hasMessageContaining("'temporal.address' has no value");
        IbenchHome noPort = homeWithConfig("temporal.address=10.0.0.5\n");
        assertThatThrownBy(() -> TemporalSettings.resolve(null, null, noPort, Map.<String, String>of()::get))
                .hasMessageContaining(file + " temporal.address").hasMessageContaining("HOST:PORT, got '10.0.0.5'");
        assertThatThrownBy(() -> TemporalSettings.resolve("gpu-box", null, new IbenchHome(dir.resolve("none")), Map.<String, String>of()::get))
                .hasMessageContaining("--address").hasMessageContaining("got 'gpu-box'");
    }
}
