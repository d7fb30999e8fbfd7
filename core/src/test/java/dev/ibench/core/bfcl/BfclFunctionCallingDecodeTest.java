package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which stored native answers bfcl-eval's FC {@code decode_ast} decodes to the wrong output format (by hand from its
 * source: {@code json.loads} per call in order, then {@code is_function_calling_format_output}) rather than failing.
 */
class BfclFunctionCallingDecodeTest {
    @Test
    void argumentsThatLoadButAreNotAnObjectAreTheWrongOutputFormat() {
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":\"[1, 2]\"}]")).isTrue();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":\"191\"}]")).isTrue();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":\"null\"}]")).isTrue();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"g\",\"arguments\":{\"a\":1}},{\"name\":\"f\",\"arguments\":\"[1]\"}]"))
                .isTrue();
    }

    @Test
    void argumentsThatDoNotLoadFailTheDecodingAndTheRestIsNotThisCase() {
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":\"{\\\"name\\\": \\\"Rob\"}]")).isFalse();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":\"[1]\"},{\"name\":\"g\",\"arguments\":\"{\"}]"))
                .as("a later call that does not load makes json.loads raise").isFalse();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("[{\"name\":\"f\",\"arguments\":{\"a\":1}}]")).isFalse();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat("I cannot help.")).isFalse();
        assertThat(BfclFunctionCallingDecode.wrongOutputFormat(null)).isFalse();
    }
}
