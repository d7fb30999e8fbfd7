package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A mode: tools answer in a bfcl-eval result file as its OpenAI-compatible FC handler writes one (hand-written from
 * {@code _parse_query_response_FC}: {@code {func_call.function.name: func_call.function.arguments}} per call).
 */
class BfclFunctionCallingResultTest {
    @Test
    void callsBecomeOneKeyMapsOfTheirArgumentsJsonText() {
        assertThat(BfclFunctionCallingResult.of("[{\"name\":\"math_gcd\",\"arguments\":{\"a\":12,\"b\":18}},"
                + "{\"name\":\"f\",\"arguments\":{}}]"))
                .isEqualTo(List.of(Map.of("math_gcd", "{\"a\":12,\"b\":18}"), Map.of("f", "{}")));
    }

    @Test
    void argumentsThatWereNotAnObjectStayTheTextTheServerSent() {
        assertThat(BfclFunctionCallingResult.of("[{\"name\":\"get_height\",\"arguments\":\"[\\\"Abe\\\"]\"}]"))
                .isEqualTo(List.of(Map.of("get_height", "[\"Abe\"]")));
    }

    @Test
    void anAnswerWithoutCallsIsItsText() {
        assertThat(BfclFunctionCallingResult.of("I cannot help with that.")).isEqualTo("I cannot help with that.");
        assertThat(BfclFunctionCallingResult.of("")).isEqualTo("");
        assertThat(BfclFunctionCallingResult.of("[1, 2]")).isEqualTo("[1, 2]");
        assertThat(BfclFunctionCallingResult.of("[{\"name\":\"f\"}]")).isEqualTo("[{\"name\":\"f\"}]");
    }
}
