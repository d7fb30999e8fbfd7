package dev.ibench.core.parse;

import java.util.Optional;

/**
 * One stage of the parser chain: finds a structured value (JSON-like: Map, List, String, Number, Boolean, null)
 * in a raw model output, or returns empty when its syntax is not there. Stages never throw.
 */
public interface ParseStage {
    /** Stable name recorded in {@link ParsedOutput#stage()} and named in model profiles. */
    String name();

    Optional<Object> extract(String text);
}
