package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller whose writes consumer runs the writes at once ({@code Runnable::run}, as {@code model check} passes) leaves no
 * paid answer held in the gateway: it is stored. A consumer that keeps the writes for later leaves it held until the
 * caller says {@link ModelGateway#stored}; a write that fails inside a synchronous consumer keeps it held for the retry.
 */
class SynchronousWritesTest {
    @TempDir Path tmp;

    /** A test double of an endpoint: counts the requests it answers. */
    static final class CountingClient implements ModelClient {
        final AtomicInteger requests = new AtomicInteger();

        @Override
        public String endpoint() {
            return "http://127.0.0.1:1/v1";
        }

        @Override
        public ModelResponse complete(ModelRequest request) {
            requests.incrementAndGet();
            return new ModelResponse("answer to " + request.sampleId(), List.of(), "stop", 10, 5, 1);
        }
    }

    private static ModelRequest request(String sampleId) {
        return new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("q " + sampleId)), List.of()),
                new DecodingSettings(10, 0, List.of(), null), sampleId);
    }

    @Test
    void writesRunAtOnceLetTheAnswerGoAndWritesKeptForLaterHoldIt() throws Exception {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        CountingClient client = new CountingClient();
        try (ResponseCache cache = new ResponseCache(tmp.resolve("r.db"));
             ModelGateway gateway = new ModelGateway(profile, client, cache, new EndpointLimiters(), RetryPolicy.none())) {
            CallResult atOnce = gateway.call(request("s1"), null, Runnable::run);
            assertThat(cache.lookup(atOnce.cacheKey())).as("the writes ran").isPresent();
            assertThat(gateway.heldAnswers()).as("stored: nothing held").isZero();

            List<Runnable> later = new ArrayList<>();
            CallResult deferred = gateway.call(request("s2"), null, later::add);
            assertThat(gateway.heldAnswers()).as("writes not run yet: the answer is held").isEqualTo(1);
            later.forEach(Runnable::run);
            assertThat(gateway.heldAnswers()).as("held until the caller says it is stored").isEqualTo(1);
            gateway.stored(deferred);
            assertThat(gateway.heldAnswers()).isZero();
            assertThat(client.requests.get()).isEqualTo(2);
        }
    }

    @Test
    void anAnswerHeldForAnotherSampleWithTheSamePromptIsNotTakenSoNoLedgerRowIsRecordedTwice() throws Exception {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        CountingClient client = new CountingClient();
        List<SpendEntry> rows = new ArrayList<>();
        SpendLedger ledger = new SpendLedger() {
            @Override
            public void record(SpendEntry entry) {
                rows.add(entry);
            }
        };
        // the sample id is not part of the cache key: two samples asking the same prompt share one key
        ModelRequest first = new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("same question")), List.of()),
                new DecodingSettings(10, 0, List.of(), null), "s1");
        ModelRequest second = new ModelRequest("m", first.prompt(), first.decoding(), "s2");
        try (ModelGateway gateway = new ModelGateway(profile, client, null, new EndpointLimiters(), RetryPolicy.none(), ledger,
                SpendAccount.outsideCampaigns(profile.name()))) {
            List<Runnable> later = new ArrayList<>();
            CallResult a = gateway.call(first, "cell", later::add);
            CallResult b = gateway.call(second, "cell", later::add);
            assertThat(b.cacheKey()).as("one key for both").isEqualTo(a.cacheKey());
            later.forEach(Runnable::run);

            assertThat(client.requests.get()).as("s2 paid its own request; it did not take s1's answer held for s1's retry").isEqualTo(2);
            assertThat(rows).extracting(SpendEntry::sampleId).as("one ledger row per sample, none twice").containsExactlyInAnyOrder("s1", "s2");
        }
    }

    @Test
    void aWriteThatFailsInsideASynchronousConsumerKeepsTheAnswerForTheRetry() throws Exception {
        ModelProfile profile = ProfileCatalog.load(null).resolve("openai-compatible");
        CountingClient client = new CountingClient();
        AtomicBoolean down = new AtomicBoolean(true);
        List<SpendEntry> rows = new ArrayList<>();
        SpendLedger ledger = new SpendLedger() {
            @Override
            public void record(SpendEntry entry) {
                if (down.get()) {
                    throw new IllegalStateException("spend ledger write failed: the store is down");
                }
                rows.add(entry);
            }
        };
        try (ModelGateway gateway = new ModelGateway(profile, client, null, new EndpointLimiters(), RetryPolicy.none(), ledger,
                SpendAccount.outsideCampaigns(profile.name()))) {
            assertThatThrownBy(() -> gateway.call(request("s1"), null, Runnable::run)).hasMessageContaining("the store is down");
            assertThat(gateway.heldAnswers()).as("paid, not stored: held for the retry").isEqualTo(1);

            down.set(false);
            CallResult retried = gateway.call(request("s1"), null, Runnable::run);

            assertThat(retried.response().text()).isEqualTo("answer to s1");
            assertThat(client.requests.get()).as("the retry took the held answer, not a new request").isEqualTo(1);
            assertThat(rows).singleElement().satisfies(row -> assertThat(row.outcome()).isEqualTo(SpendEntry.OK));
            assertThat(gateway.heldAnswers()).as("stored by the retry's writes: let go").isZero();
        }
    }
}
