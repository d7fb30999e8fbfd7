package dev.ibench.core.react;

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
}
