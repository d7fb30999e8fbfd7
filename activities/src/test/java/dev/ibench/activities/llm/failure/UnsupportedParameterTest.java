package dev.ibench.activities.llm.failure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which error bodies name a request parameter ibench sends as unsupported. */
class UnsupportedParameterTest {
    @Test
    void namesOnlyParametersIbenchSendsAndOnlyWhenTheBodySaysUnsupported() {
        assertThat(UnsupportedParameter.named("{\"detail\":\"temperature is not supported for this model\"}")).contains("temperature");
        assertThat(UnsupportedParameter.named("{\"error\":\"max_tokens must be positive\"}")).as("a bad value is not an unsupported parameter").isEmpty();
        assertThat(UnsupportedParameter.named("Unsupported parameter: 'logit_bias'")).as("not a parameter ibench sends").isEmpty();
    }
}
