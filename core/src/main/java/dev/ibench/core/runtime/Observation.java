package dev.ibench.core.runtime;

/**
 * What one tool call returned to the caller: {@code ok=false} with an error text naming the problem,
 * or the call's value (stored under {@code label}) with a short rendering for prompts.
 */
public record Observation(String tool, String label, boolean ok, String text, Object value) {
    public static Observation error(String tool, String label, String message) {
        return new Observation(tool, label, false, "Error: " + message, null);
    }
}
