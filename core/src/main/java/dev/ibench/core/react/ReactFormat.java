package dev.ibench.core.react;

import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.KeyDescription;
import java.util.stream.Collectors;

/** Fixed texts the harness writes into a ReACT prompt. */
public final class ReactFormat {
    private ReactFormat() {}

    /** The observation of a step whose text did not follow the format: what was wrong and what is expected. */
    public static String formatError(String problem) {
        return "Invalid format: " + problem + ". Reply with 'Thought:' and then either 'Action:' with one tool name and "
                + "'Action Input:' with a JSON object of its arguments, or 'Final Answer:' with the answer.";
    }

    /**
     * The observation shown before the first step: the harness has run the sample's hidden initialization
     * step (the join) and its result is available under {@code label}.
     */
    public static String initialObservation(String label, String description) {
        return "The data for this question is loaded and available as $" + label + "$ (" + description + ").";
    }

    /** The step 0 note of a sample: its starting table's label and keys (shown by ReACT cells and the MCP server). */
    public static String initialObservation(EvalSample sample) {
        return initialObservation(startingLabel(sample), "a table with the keys "
                + sample.keyValuesAndDescriptions().stream().map(KeyDescription::keyName).collect(Collectors.joining(", ")));
    }

    /** The label the sample's initialization step binds its starting table to. */
    public static String startingLabel(EvalSample sample) {
        Object label = sample.initializationStep() == null ? null : sample.initializationStep().get("label");
        return label == null ? InitializationStep.STARTING_LABEL : String.valueOf(label);
    }
}
