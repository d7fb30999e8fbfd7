package dev.ibench.core.bfcl;

import dev.ibench.core.metrics.BfclErrorCategory;

/**
 * Outcome of the BFCL AST check: valid, or the seed's error category with BFCL's own error type
 * ({@code simple_function_checker:missing_required}, {@code type_error:simple}, ...) and a message.
 */
public record BfclCheckResult(boolean valid, BfclErrorCategory category, String bfclErrorType, String message) {
    public static final BfclCheckResult VALID = new BfclCheckResult(true, null, null, null);

    static BfclCheckResult fail(BfclErrorCategory category, String bfclErrorType, String message) {
        return new BfclCheckResult(false, category, bfclErrorType, message);
    }
}
