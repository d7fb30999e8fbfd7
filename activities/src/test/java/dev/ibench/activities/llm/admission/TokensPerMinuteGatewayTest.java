package dev.ibench.activities.llm.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * {@code tokens_per_minute} through the gateway: each attempt is charged its prompt (4 characters a token without a
 * tokenizer) plus {@code max_tokens} before it is sent, and what the answer's usage says it used is settled with the
 * next reservation. TEST DOUBLE: MockWebServer answering with a usage block; the send slots are recorded, not waited for.
 */
class TokensPerMinuteGatewayTest {
    @Test
    void theChargeIsThePromptEstimatePlusMaxTokensAndTheUsageCorrectsItAtTheNextReservation() throws Exception {
        RecordingSendSlots recording = new RecordingSendSlots();
        try (MockWebServer server = new MockWebServer()) {
            for (int i = 0; i < 2; i++) {
                server.enqueue(new MockResponse().setBody("{\"choices\":[{\"index\":0,\"text\":\"[]\",\"finish_reason\":\"stop\"}],"
                        + "\"usage\":{\"prompt_tokens\":30,\"completion_tokens\":5,\"total_tokens\":35}}"));
            }
            String endpoint = server.url("/v1").toString();
            ModelProfile profile = ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: " + endpoint
                    + "\nmodel: m\nfamily: qwen2.5\nmode: prompt\napi: completions\nmax_tokens: 100\ntemperature: 0\n", "test");
            try (ModelGateway gateway = new ModelGateway(profile, new OpenAiClient(endpoint, ApiKey.none(), Duration.ofSeconds(5)), null,
                    new EndpointLimiters(recording), RetryPolicy.none(), SpendLedger.NONE, SpendAccount.outsideCampaigns("t"),
                    new EndpointLimits(2.0, 600))) {
                gateway.call(ModelRequests.request(profile, RenderedPrompt.raw("x".repeat(50)), "s1", null));
                gateway.call(ModelRequests.request(profile, RenderedPrompt.raw("y".repeat(50)), "s2", null));
            }
        }
        // by hand: 50 characters = 13 tokens (rounded up) + max_tokens 100 = 113 tokens; at 600 a minute a token is 100 ms
        assertThat(recording.reserved).containsExactly(
                new SlotRequest(500_000, 11_300_000, 0),
                // the first used 30 + 5 = 35 of its 113: 78 tokens (7.8 s) come back with the second reservation
                new SlotRequest(500_000, 11_300_000, -7_800_000));
    }

    @Test
    void withoutATokenLimitNothingIsChargedAndARateOnlyReservesItsInterval() throws Exception {
        RecordingSendSlots recording = new RecordingSendSlots();
        List<SlotRequest> reserved = recording.reserved;
        EndpointLimiters limiters = new EndpointLimiters(recording);
        RequestPacer pacer = limiters.pacer("http://h/v1", new EndpointLimits(4.0, null));
        pacer.await(1_000);
        pacer.used(1_000, 10);
        pacer.await(1_000);
        assertThat(reserved).containsExactly(new SlotRequest(250_000, 0, 0), new SlotRequest(250_000, 0, 0));
        assertThat(pacer.tokensPerMinute()).isZero();
        limiters.pacer("http://h/v1", new EndpointLimits(null, 6_000));
        assertThat(pacer.tokensPerMinute()).as("a later entry's token limit holds for the endpoint").isEqualTo(6_000);
        pacer.await(100_000);
        assertThat(reserved.get(2)).as("a charge is at most one minute's tokens").isEqualTo(new SlotRequest(250_000, 60_000_000, 0));
    }
}
