package dev.ibench.core.runtime;

import java.util.List;

/**
 * What executing a call sequence produced: the value of the last call (null if none ran),
 * one observation per call (a short rendering of its result, or the error it raised), and
 * whether every call ran without error.
 */
public record ExecutionOutcome(Object answer, List<String> observations, boolean ok) {
    public ExecutionOutcome {
        observations = List.copyOf(observations);
    }
}
