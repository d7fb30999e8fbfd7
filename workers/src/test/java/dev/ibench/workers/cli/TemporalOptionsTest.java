package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.temporal.TemporalConnection;
import org.junit.jupiter.api.Test;

class TemporalOptionsTest {
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
}
