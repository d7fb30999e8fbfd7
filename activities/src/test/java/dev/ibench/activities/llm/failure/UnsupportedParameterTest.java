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

    @Test
    void aRefusedStopIsTheProfilesSettingNamedOnlyWhenQuotedInPlainText() {
        assertThat(UnsupportedParameter.named("""
                {"error":{"message":"Unsupported parameter: 'stop' is not supported with this model.",
                 "type":"invalid_request_error","param":"stop","code":"unsupported_parameter"}}""")).contains("stop");
        assertThat(UnsupportedParameter.named("[{'type': 'extra_forbidden', 'loc': ('body', 'stop'), 'msg': 'Extra inputs are not permitted'}]"))
                .contains("stop");
        assertThat(UnsupportedParameter.named("response_format json_schema is not supported; generation would not stop"))
                .as("the plain word stop is not the parameter").isEmpty();
    }

    @Test
    void aBadRequestRefusingStopIsAConfigurationErrorNamingTheSettingToRemove() {
        ModelCallException refused = HttpFailureClassifier.fromStatus("http://h/v1", 400, "Bad Request",
                "{\"error\":{\"message\":\"Unsupported parameter: 'stop' is not supported with this model.\",\"param\":\"stop\"}}", null, NO_KEY);
        assertThat(refused.kind()).isEqualTo(ErrorKind.UNSUPPORTED_PARAMETER);
        assertThat(ModelCallFailures.forActivity(refused).getType()).as("the cell stops").isEqualTo(ModelCallFailures.ENDPOINT_REJECTED);
        assertThat(UnsupportedParameter.asProfileError("p", refused).getMessage())
                .startsWith("model profile p: configuration error, the server refuses parameter 'stop' (remove stop): ");
    }

    private static final Credential NO_KEY = new Credential() {
        @Override
        public boolean present() {
            return false;
        }

        @Override
        public String redact(String text) {
            return text;
        }
    };
}
