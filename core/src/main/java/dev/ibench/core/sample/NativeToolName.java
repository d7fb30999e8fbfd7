package dev.ibench.core.sample;

/**
 * A tool name as native tool-calling APIs accept it: OpenAI-compatible servers take {@code [A-Za-z0-9_-]} only, so
 * every other character becomes {@code _} ({@code math.factorial} is sent as {@code math_factorial}), as BFCL does
 * for its function-calling models. Scorers that check names accept this spelling of the expected name.
 */
public final class NativeToolName {
    private NativeToolName() {}

    public static String of(String name) {
        return name == null ? null : name.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
