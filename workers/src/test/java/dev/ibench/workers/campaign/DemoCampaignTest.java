package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.workers.IbenchHome;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code demo --models}: only the demo's own models are accepted, and an empty choice is refused. */
class DemoCampaignTest {
    @TempDir Path home;

    @Test
    void anUnknownOrEmptyModelChoiceIsRefusedWithTheAcceptedNames() {
        DemoCampaign demo = new DemoCampaign(new IbenchHome(home), new PrintStream(OutputStream.nullOutputStream()));
        assertThatThrownBy(() -> demo.prepare(1, List.of("oracle", "gpt-4o"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("demo --models oracle,gpt-4o: choose one or more of oracle, smollm2");
        assertThatThrownBy(() -> demo.prepare(1, List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("choose one or more of oracle, smollm2");
    }
}
