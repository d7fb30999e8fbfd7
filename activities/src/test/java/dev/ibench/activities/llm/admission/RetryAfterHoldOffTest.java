package dev.ibench.activities.llm.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A 429 with {@code Retry-After} holds back the endpoint's next requests of every worker sharing its send limits, not
 * only the attempt that got it. TEST DOUBLE: MockWebServer; the send slots are recorded.
 */
class RetryAfterHoldOffTest {
    @Test
    void aRetryAfterOfTwoSecondsHoldsTheSharedSendTimesForTwoSeconds() throws Exception {
        RecordingSendSlots recording = new RecordingSendSlots();
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "2").setBody("{\"error\": \"slow down\"}"));
            server.enqueue(new MockResponse().setResponseCode(429).setBody("{\"error\": \"slow down\"}"));
            String endpoint = server.url("/v1").toString();
            ModelProfile profile = ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: " + endpoint
                    + "\nmodel: m\nfamily: qwen2.5\nmode: prompt\napi: completions\nmax_tokens: 10\ntemperature: 0\n", "test");
            try (ModelGateway gateway = new ModelGateway(profile, new OpenAiClient(endpoint, ApiKey.none(), Duration.ofSeconds(5)), null,
                    new EndpointLimiters(recording), RetryPolicy.none(), SpendLedger.NONE, SpendAccount.outsideCampaigns("t"),
                    new EndpointLimits(5.0, null))) {
                assertThatThrownBy(() -> gateway.call(ModelRequests.request(profile, RenderedPrompt.raw("a"), "s1", null)))
                        .isInstanceOfSatisfying(ModelCallException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.RATE_LIMITED));
                assertThatThrownBy(() -> gateway.call(ModelRequests.request(profile, RenderedPrompt.raw("b"), "s2", null)))
                        .isInstanceOf(ModelCallException.class);
            }
        }
        assertThat(recording.holdOffs).as("the first 429's Retry-After: 2 s; the second had none").containsExactly(2_000_000L);
    }

    @Test
    void aHoldDelaysTheNextStartsAndTheLimitsCountFromItsEnd() {
        SendSchedule s = new SendSchedule();
        SlotRequest twoPerSecond = new SlotRequest(500_000, 0, 0);
        assertThat(s.reserve(0, twoPerSecond)).isEqualTo(0);
        s.holdUntil(3_000_000);
        s.holdUntil(2_000_000);
        assertThat(s.reserve(1_000_000, twoPerSecond)).as("held until 3 s (the earlier, shorter hold does not shorten it)")
                .isEqualTo(3_000_000);
        assertThat(s.reserve(1_000_000, twoPerSecond)).as("then one interval apart").isEqualTo(3_500_000);
        // tokens only: 600 a minute, 700 tokens counted from the end of the hold: 100 beyond the bucket, 10 s later
        SendSchedule tokens = new SendSchedule();
        tokens.holdUntil(5_000_000);
        assertThat(tokens.reserve(0, new SlotRequest(0, 70_000_000, 0))).isEqualTo(15_000_000);
    }
}
