package dev.ibench.activities.llm.failure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.client.ApiKey;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ModelCallFailuresTest {
    @Test
    void nonRetryableKindsBecomeNonRetryableApplicationFailures() {
        ApplicationFailure f = ModelCallFailures.toApplicationFailure(
                HttpFailureClassifier.fromStatus("http://h/v1", 401, "Unauthorized", "bad key", null, ApiKey.none()));
        assertThat(f.isNonRetryable()).isTrue();
        assertThat(f.getType()).isEqualTo("ModelCall.UNAUTHORIZED");
        assertThat(f.getOriginalMessage()).contains("http://h/v1").contains("HTTP 401");
    }

    @Test
    void rateLimitCarriesRetryAfterAsNextRetryDelay() {
        ApplicationFailure f = ModelCallFailures.toApplicationFailure(
                HttpFailureClassifier.fromStatus("http://h/v1", 429, "Too Many Requests", "", "7", ApiKey.none()));
        assertThat(f.isNonRetryable()).isFalse();
        assertThat(f.getType()).isEqualTo("ModelCall.RATE_LIMITED");
        assertThat(f.getNextRetryDelay()).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void classifierRules() {
        assertThat(HttpFailureClassifier.fromStatus("e", 503, null, "", null, ApiKey.none()).retryable()).isTrue();
        assertThat(HttpFailureClassifier.fromStatus("e", 403, null, "", null, ApiKey.none()).kind()).isEqualTo(ErrorKind.FORBIDDEN);
        assertThat(HttpFailureClassifier.fromStatus("e", 400, null, "{\"error\":\"invalid tools\"}", null, ApiKey.none()).kind()).isEqualTo(ErrorKind.BAD_REQUEST);
        assertThat(HttpFailureClassifier.fromStatus("e", 400, null, "prompt is too long for this model", null, ApiKey.none()).kind())
                .isEqualTo(ErrorKind.CONTEXT_LENGTH);
        assertThat(HttpFailureClassifier.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).isEqualTo(Duration.ZERO);
        assertThat(HttpFailureClassifier.parseRetryAfter("soon")).isNull();
    }

    @Test
    void quotaExhaustedStopsTheCellLikeABadKeyWithTheEndpointsMessage() {
        ModelCallException e = HttpFailureClassifier.fromStatus("http://h/v1", 402, "Payment Required",
                "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing details.\"}}", null, ApiKey.none());
        assertThat(e.kind()).isEqualTo(ErrorKind.QUOTA_EXCEEDED);
        assertThat(e.retryable()).isFalse();
        ApplicationFailure f = ModelCallFailures.forActivity(e);
        assertThat(f.getType()).isEqualTo(ModelCallFailures.ENDPOINT_REJECTED);
        assertThat(f.isNonRetryable()).isTrue();
        assertThat(f.getOriginalMessage()).contains("http://h/v1").contains("HTTP 402").contains("You exceeded your current quota");
    }

    @Test
    void unprocessableAndTooLargeRequestsRejectOnlyTheirSampleWithTheReason() {
        ApplicationFailure unprocessable = ModelCallFailures.forActivity(HttpFailureClassifier.fromStatus("http://h/v1", 422,
                "Unprocessable Entity", "{\"detail\":\"response_format json_schema is not supported\"}", null, ApiKey.none()));
        assertThat(unprocessable.getType()).isEqualTo(ModelCallFailures.SAMPLE_REJECTED);
        assertThat(unprocessable.getOriginalMessage()).contains("HTTP 422").contains("response_format json_schema is not supported");
        ApplicationFailure tooLarge = ModelCallFailures.forActivity(HttpFailureClassifier.fromStatus("http://h/v1", 413,
                "Payload Too Large", "request body exceeds 1 MB", null, ApiKey.none()));
        assertThat(tooLarge.getType()).isEqualTo(ModelCallFailures.SAMPLE_REJECTED);
        assertThat(tooLarge.getOriginalMessage()).contains("HTTP 413").contains("request body exceeds 1 MB");
    }
}
