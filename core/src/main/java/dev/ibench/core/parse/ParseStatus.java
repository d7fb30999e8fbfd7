package dev.ibench.core.parse;

/** Outcome of parsing one raw model output. */
public enum ParseStatus {
    /** A list of well-formed {@code {name, arguments}} calls was recovered. */
    PARSED,
    /** Something parseable was found, but it is not a list of {@code {name, arguments}} objects (BFCL {@code wrong_func_format}). */
    WRONG_FORMAT,
    /** Nothing parseable was found (BFCL {@code instruction_alignment_failure}). */
    UNPARSEABLE,
    /**
     * The output is reasoning and nothing else (thinking cut off by {@code max_tokens}, or closed with no answer after
     * it): scored as an empty prediction like {@link #UNPARSEABLE}, counted apart in reports.
     */
    REASONING_ONLY
}
