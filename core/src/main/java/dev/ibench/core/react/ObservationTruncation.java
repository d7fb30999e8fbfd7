package dev.ibench.core.react;

/** Shortens an observation for the prompt, saying how much was cut so the agent knows it saw a prefix. */
public final class ObservationTruncation {
    private ObservationTruncation() {}

    public static String truncate(String observation, int maxChars) {
        if (observation == null || observation.length() <= maxChars) {
            return observation;
        }
        return observation.substring(0, maxChars) + " ... [truncated: " + (observation.length() - maxChars) + " more characters]";
    }
}
