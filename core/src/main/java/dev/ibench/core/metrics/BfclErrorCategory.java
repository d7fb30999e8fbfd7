package dev.ibench.core.metrics;

import java.util.Locale;

/**
 * The BFCL error categories used by seed 000 (appendix H.1.1), in order of precedence: a failing sample gets the first
 * category that applies.
 */
public enum BfclErrorCategory {
    INSTRUCTION_ALIGNMENT_FAILURE,
    WRONG_FUNC_COUNT,
    WRONG_FUNC_FORMAT,
    HALLUCINATED_FUNC_NAME,
    WRONG_FUNC_NAME,
    MISSING_REQUIRED_PARAMETER,
    UNEXPECTED_PARAM,
    VALUE_ERROR;

    /** The snake_case name used in reports ({@code wrong_func_count}, ...). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
