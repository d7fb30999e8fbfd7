package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ibench.workers.campaign.UnservedQueues;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workflows.TaskQueues;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemporalOptionsTest {
    @TempDir Path home;

    @AfterEach
    void clearHome() {
        System.clearProperty("ibench.home");
    }

    @Test
    void printedHintsCarryANonDefaultServerAndNamespace() {
        TemporalOptions options = new TemporalOptions();
        options.address = "10.1.2.3:7233";
        options.namespace = "evals";
        assertThat(options.hintFlags()).isEqualTo(" --address 10.1.2.3:7233 --namespace evals");
        options.address = TemporalConnection.DEFAULT_ADDRESS;
        options.namespace = TemporalConnection.DEFAULT_NAMESPACE;
        assertThat(options.hintFlags()).isEmpty();
    }

    /** An address set once in the home's config file is used without options and repeated in every printed hint. */
    @Test
    void anAddressFromTheConfigFileIsUsedAndCarriedByTheHints() throws Exception {
        assumeTrue(System.getenv("IBENCH_HOME") == null && System.getenv("TEMPORAL_ADDRESS") == null
                && System.getenv("TEMPORAL_NAMESPACE") == null, "the environment would take precedence over the config file");
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Files.createDirectories(home.resolve(".ibench"));
        Files.writeString(home.resolve(".ibench/config.properties"), "temporal.address=127.0.0.1:" + closedPort + "\n");
        System.setProperty("ibench.home", home.toString());
        TemporalOptions options = new TemporalOptions();

        String flags = options.hintFlags();
        assertThat(flags).isEqualTo(" --address 127.0.0.1:" + closedPort);
        assertThat(new UnservedQueues.Unserved(TaskQueues.WORKFLOWS, Optional.empty()).message(flags))
                .contains("start one: ./ibench worker --address 127.0.0.1:" + closedPort + " --roles workflows");
        assertThatThrownBy(options::connect).hasMessageContaining("no Temporal server answers at 127.0.0.1:" + closedPort)
                .hasMessageContaining("from " + home.resolve(".ibench/config.properties") + " temporal.address");
    }
}
