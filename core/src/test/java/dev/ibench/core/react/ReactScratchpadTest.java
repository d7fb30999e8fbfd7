package dev.ibench.core.react;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReactScratchpadTest {
    @Test
    void previousStepsInSeedFormatWithObservationsTruncated() {
        String longObservation = "$RESULT_1$: " + "x".repeat(500);
        List<ReactStep> steps = List.of(
                ReactStep.of(1, "Find him.\nAction: filter_data\nAction Input: {\"value\": \"3-D Man\"}").withObservation(longObservation, true),
                ReactStep.of(2, "garbage"));
        String runs = ReactScratchpad.previousRuns("loaded as $starting_table_var$", steps, 50);
        assertThat(runs).startsWith("Observation: loaded as $starting_table_var$\n"
                + "Thought: Find him.\nAction: filter_data\nAction Input: {\"value\":\"3-D Man\"}\n"
                + "Observation: " + longObservation.substring(0, 50) + " ... [truncated: 462 more characters]\n");
        assertThat(runs).endsWith("Thought: garbage\nObservation: " + ReactFormat.formatError("found neither 'Action:' nor 'Final Answer:'")
                .substring(0, 50) + " ... [truncated: " + (ReactFormat.formatError("found neither 'Action:' nor 'Final Answer:'").length() - 50)
                + " more characters]\n");
        assertThat(steps.get(0).call().label()).isEqualTo("RESULT_1");
    }
}
