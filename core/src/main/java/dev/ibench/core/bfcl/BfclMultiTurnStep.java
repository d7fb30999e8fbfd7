package dev.ibench.core.bfcl;

import java.util.List;

/**
 * One model step of a multi-turn conversation as stored: the model's text, the calls decoded from it (Python call text;
 * empty when the text decoded to no call, which ends the turn) and their execution results ({@code null} while not
 * executed, and for a step that ended its turn).
 */
public record BfclMultiTurnStep(String rawOutput, List<String> decodedCalls, List<String> results) {
    public BfclMultiTurnStep {
        decodedCalls = List.copyOf(decodedCalls);
        results = results == null ? null : List.copyOf(results);
    }

    /** A step whose text decoded to no call: bfcl-eval's handlers end the turn there. */
    public boolean endsTurn() {
        return decodedCalls.isEmpty();
    }
}
