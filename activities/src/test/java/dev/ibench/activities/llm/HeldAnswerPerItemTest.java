package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.SynchronousWritesTest.CountingClient;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two cells on one eval set and model send requests with one cache key. An answer the gateway holds for the first
 * item's retry (its writes failed) stays that item's own: a second item with the same key neither replaces it nor, by
 * storing its own answer, lets it go, so the first item's retry takes its answer instead of paying again (issue 45).
 */
class HeldAnswerPerItemTest {
    private static final ModelRequest REQUEST = new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()),
            new DecodingSettings(10, 0, List.of(), null), "s1");

    @Test
    void aSecondItemWithTheSameKeyDoesNotReplaceTheFirstItemsHeldAnswer() {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        CountingClient client = new CountingClient();
        try (ModelGateway gateway = new ModelGateway(profile, client, null, new EndpointLimiters(), RetryPolicy.none())) {
            List<Runnable> lostWrites = new ArrayList<>(); // the first item's transaction never commits
            CallResult first = gateway.call(REQUEST, "cell-a", lostWrites::add);
            CallResult second = gateway.call(REQUEST, "cell-b", new ArrayList<Runnable>()::add);
            assertThat(second.cacheKey()).as("one key for both items").isEqualTo(first.cacheKey());
            assertThat(client.requests.get()).as("each item paid once").isEqualTo(2);

            CallResult retried = gateway.call(REQUEST, "cell-a", new ArrayList<Runnable>()::add);

            assertThat(client.requests.get()).as("the first item's retry took its held answer").isEqualTo(2);
            assertThat(retried).isSameAs(first);
        }
    }

    @Test
    void theSecondItemsStoredLetsGoOfItsOwnAnswerOnly() {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        CountingClient client = new CountingClient();
        try (ModelGateway gateway = new ModelGateway(profile, client, null, new EndpointLimiters(), RetryPolicy.none())) {
            CallResult first = gateway.call(REQUEST, "cell-a", new ArrayList<Runnable>()::add);
            List<Runnable> secondWrites = new ArrayList<>();
            CallResult second = gateway.call(REQUEST, "cell-b", secondWrites::add);
            secondWrites.forEach(Runnable::run);
            gateway.stored(second);
            assertThat(gateway.heldAnswers()).as("the first item's answer is still held").isEqualTo(1);

            CallResult retried = gateway.call(REQUEST, "cell-a", new ArrayList<Runnable>()::add);

            assertThat(client.requests.get()).as("the first item's retry did not pay again").isEqualTo(2);
            assertThat(retried).isSameAs(first);
        }
    }
}
