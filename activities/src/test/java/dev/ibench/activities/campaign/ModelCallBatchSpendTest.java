package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import okhttp3.mockwebserver.MockResponse;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model-call batch returns what its calls paid: an item whose output was stored before counts 0, the others their
 * tokens and their cost at the profile's prices (by hand: 10 prompt tokens at $1000/M + 5 completion tokens at
 * $2000/M = $0.02 a call). The server is a MockWebServer (test double); the store is a real SQLite results store.
 * An answer without a {@code usage} block (and no tokenizer in the profile) has unknown tokens: it adds no tokens and
 * no cost, and is counted apart, so the cell never shows it as 0 tokens.
 */
class ModelCallBatchSpendTest {
    @TempDir Path tmp;

    @Test
    void aBatchSumsTheTokensAndCostOfTheCallsItPaidFor() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("priced", 32, """
                    price_per_million_input: 1000
                    price_per_million_output: 2000
                    """);
            for (int i = 0; i < 3; i++) {
                fixture.server.enqueue(new MockResponse().setBody(
                        ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            }
            fixture.campaign("""
                    [{"name": "priced", "profile": "priced", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("priced");
            ModelCallActivities activities = fixture.activities();
            ModelCallResult first = activities.callModel(new WorkItem(cellId, 0, 0));
            assertThat(first.costUsd()).isCloseTo(0.02, Offset.offset(1e-12));

            BatchCallResult batch = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 3, 2, Integer.MAX_VALUE));

            assertThat(batch.started()).isEqualTo(3);
            assertThat(batch.failures()).isEmpty();
            assertThat(fixture.server.getRequestCount()).as("item 0 was stored before, not asked again").isEqualTo(3);
            assertThat(batch.promptTokens()).isEqualTo(20);
            assertThat(batch.completionTokens()).isEqualTo(10);
            assertThat(batch.costUsd()).isCloseTo(0.04, Offset.offset(1e-12));
        }
    }

    /** The usage-less completion answer: a call answered with {@code text} and no {@code usage} block. */
    private static String withoutUsage(String text) {
        return "{\"id\": \"x\", \"object\": \"text_completion\", \"model\": \"m\", \"choices\": [{\"index\": 0,"
                + " \"finish_reason\": \"stop\", \"text\": \"" + text + "\"}]}";
    }

    @Test
    void callsAnsweredWithoutUsageAreCountedApartNotAsZeroTokens() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("priced", 32, """
                    price_per_million_input: 1000
                    price_per_million_output: 2000
                    """);
            // item 0 alone (callModel) without usage; then a batch over items 0..2: item 0 stored, one with usage, one without
            fixture.server.enqueue(new MockResponse().setBody(withoutUsage("[]")));
            fixture.server.enqueue(new MockResponse().setBody(withoutUsage("[]")));
            fixture.server.enqueue(new MockResponse().setBody(
                    ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            fixture.campaign("""
                    [{"name": "priced", "profile": "priced", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("priced");
            ModelCallActivities activities = fixture.activities();

            ModelCallResult single = activities.callModel(new WorkItem(cellId, 0, 0));
            assertThat(single.tokensUnknown()).isTrue();
            assertThat(single.promptTokens() + single.completionTokens()).isZero();
            assertThat(single.costUsd()).as("unknown, not free").isNull();
            assertThat(activities.callModel(new WorkItem(cellId, 0, 0)).tokensUnknown())
                    .as("the stored output read back was not paid now").isFalse();

            BatchCallResult batch = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 3, 1, Integer.MAX_VALUE));

            assertThat(batch.started()).isEqualTo(3);
            assertThat(fixture.server.getRequestCount()).isEqualTo(3);
            // by hand: one call with usage (10 + 5 tokens, $0.02), one without (no tokens, no cost), item 0 stored before
            assertThat(batch.tokensUnknownCalls()).isEqualTo(1);
            assertThat(batch.promptTokens()).isEqualTo(10);
            assertThat(batch.completionTokens()).isEqualTo(5);
            assertThat(batch.costUsd()).isCloseTo(0.02, Offset.offset(1e-12));
        }
    }
}
