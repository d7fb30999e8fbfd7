package dev.ibench.core.bfcl;

/**
 * How BFCL judges one sample: correct or not, with BFCL's error type ({@code simple_function_checker:wrong_func_name},
 * {@code ast_decoder:decoder_failed}, {@code irrelevance_error:decoder_success}, ...) and a message when not.
 */
public record BfclVerdict(BfclCategory category, boolean valid, String errorType, String message) {

    static BfclVerdict correct(BfclCategory category) {
        return new BfclVerdict(category, true, null, null);
    }

    static BfclVerdict wrong(BfclCategory category, String errorType, String message) {
        return new BfclVerdict(category, false, errorType, message);
    }
}
