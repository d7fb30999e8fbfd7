package dev.ibench.activities.llm;

import dev.ibench.activities.llm.admission.AimdLimiter;
import dev.ibench.activities.llm.admission.EndpointAdmission;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.admission.EndpointLimits;
import dev.ibench.activities.llm.admission.RequestPacer;
import dev.ibench.activities.llm.cache.CacheKey;
import dev.ibench.activities.llm.cache.PaidAnswers;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.failure.UnsupportedParameter;
import dev.ibench.activities.llm.spend.CallCost;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ReasoningControl;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way to call a model: response cache first, then the provider under the endpoint's shared
 * AIMD concurrency limit and, when the caller gave a rate or a token limit, the endpoint's send limits ({@link RequestPacer}),
 * with classified retries (bounded exponential backoff with jitter, honouring {@code Retry-After}); successful
 * responses are stored in the cache and their tokens and cost counted (by the profile's {@code tokenizer} when the
 * provider sent no usage, else marked unknown).
 * Non-retryable failures and exhausted retries surface as {@link ModelCallException}. Every provider attempt (failed
 * ones too) and every cache hit is written to the {@link SpendLedger} with its tokens, latency and cost; before each
 * attempt the ledger may refuse it because the account's budget is reached (docs/ledger.md).
 */
public final class ModelGateway implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ModelGateway.class);

    private final ModelProfile profile;
    private final ModelClient client;
    private final ResponseCache cache;
    private final EndpointAdmission admission;
    /** Counts the tokens of answers without a usage block (null: the profile names no tokenizer). */
    private final TokenCounter tokens;
    private final RetryPolicy retry;
    private final GatewayStats stats = new GatewayStats();
    private final Random jitter = new Random();
    private final SpendLedger ledger;
    private final SpendAccount account;
    /** Answers paid for whose writes failed, for the call's retry on this worker (issue 34). */
    private final PaidAnswers held = new PaidAnswers();

    /** @param cache may be null (no caching) */
    public ModelGateway(ModelProfile profile, ModelClient client, ResponseCache cache, EndpointLimiters limiters, RetryPolicy retry) {
        this(profile, client, cache, limiters, retry, SpendLedger.NONE, SpendAccount.outsideCampaigns(profile.name()));
    }

    /** A gateway whose calls are written to {@code ledger} under {@code account} (and refused once its budget is reached). */
    public ModelGateway(ModelProfile profile, ModelClient client, ResponseCache cache, EndpointLimiters limiters, RetryPolicy retry,
                        SpendLedger ledger, SpendAccount account) {
        this(profile, client, cache, limiters, retry, ledger, account, EndpointLimits.NONE);
    }

    /** @param ratePerSecond requests per second to the endpoint, every attempt counted, shared through {@code limiters} (null: no pace) */
    public ModelGateway(ModelProfile profile, ModelClient client, ResponseCache cache, EndpointLimiters limiters, RetryPolicy retry,
                        SpendLedger ledger, SpendAccount account, Double ratePerSecond) {
        this(profile, client, cache, limiters, retry, ledger, account, EndpointLimits.rate(ratePerSecond));
    }

    /**
     * @param limits requests per second and tokens per minute to the endpoint, every attempt counted, shared through
     *               {@code limiters} (docs/llm-gateway.md, Shared limits)
     */
    public ModelGateway(ModelProfile profile, ModelClient client, ResponseCache cache, EndpointLimiters limiters, RetryPolicy retry,
                        SpendLedger ledger, SpendAccount account, EndpointLimits limits) {
        this.ledger = ledger;
        this.account = account;
        this.profile = profile;
        this.client = client;
        this.cache = cache;
        this.admission = new EndpointAdmission(limiters, client.endpoint(), profile.maxConcurrency(), limits);
        try {
            this.tokens = profile.tokenizer() == null ? null : TokenCounter.of(Path.of(profile.tokenizer()), client.endpoint());
        } catch (ModelCallException e) {
            throw ModelCallFailures.endpointRejected("model profile " + profile.name() + ": " + e.getMessage());
        }
        this.retry = retry;
    }

    /** {@link #request(ModelProfile, RenderedPrompt, String, List, int)} with no bound on the number of calls. */
    public static ModelRequest request(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools) {
        return request(profile, prompt, sampleId, sampleTools, 0);
    }

    /**
     * The request a profile makes for a rendered prompt: its model and decoding settings (frequency penalty included), with output
     * constrained as the profile's {@code constrained_output} asks ({@code tool_calls} uses the schema of
     * {@code sampleTools}, a list of at most {@code maxCalls} calls ({@code <= 0}: unbounded; campaigns and
     * {@code model check} pass {@link ToolCallSchema#maxCalls} of the eval set); with no tools given it falls back
     * to any JSON).
     */
    public static ModelRequest request(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools,
            int maxCalls) {
        String schema = switch (profile.constrainedOutput()) {
            case "json" -> ToolCallSchema.ANY_JSON;
            case "tool_calls" -> sampleTools == null || sampleTools.isEmpty() ? ToolCallSchema.ANY_JSON : ToolCallSchema.forTools(sampleTools, maxCalls);
            default -> null;
        };
        return new ModelRequest(profile.model(), prompt, new DecodingSettings(profile.maxTokens(), profile.temperature(), profile.stop(), schema,
                null, null, profile.frequencyPenalty(), serverSettings(profile)), sampleId);
    }

    /** How the profile's server takes the request's settings: token-limit field, temperature, reasoning effort. */
    public static DecodingSettings.ServerSettings serverSettings(ModelProfile profile) {
        boolean rawHarmony = "gpt-oss".equals(profile.family()) && "completions".equals(profile.api())
                && ("vllm".equals(profile.server()) || "sglang".equals(profile.server()));
        return new DecodingSettings.ServerSettings(profile.tokenLimitParameter(), profile.sendTemperature(),
                ReasoningControl.reasoningEffortField(profile), ReasoningControl.enableThinking(profile), rawHarmony ? Boolean.TRUE : null);
    }

    /** {@link #request} for one trial of a campaign: the trial's own sampling seed and the campaign's top_p (null: none). */
    public static ModelRequest trialRequest(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools,
            int maxCalls, int trial, long seed, Double topP) {
        ModelRequest base = request(profile, prompt, sampleId, sampleTools, maxCalls);
        DecodingSettings d = base.decoding();
        return new ModelRequest(base.model(), prompt, new DecodingSettings(d.maxTokens(), d.temperature(), d.stop(), d.jsonSchema(), topP, seed,
                d.frequencyPenalty(), d.server()),
                sampleId, trial);
    }

    /**
     * The request of one trial's agent step (ReACT, multi-turn): the profile's model and decoding settings without
     * constrained output, generation stopping at {@code stop}, the trial's own seed and the campaign's top_p (null: none).
     */
    public static ModelRequest stepRequest(ModelProfile profile, RenderedPrompt prompt, List<String> stop, String sampleId, int trial,
                                           long seed, Double topP) {
        return new ModelRequest(profile.model(), prompt, new DecodingSettings(profile.maxTokens(), profile.temperature(), stop, null,
                topP, seed, profile.frequencyPenalty(), serverSettings(profile)), sampleId, trial);
    }

    public CallResult call(ModelRequest request) {
        return call(request, null);
    }

    /** A call on behalf of campaign cell {@code cellId} (null: none), so the ledger can count it per cell. */
    public CallResult call(ModelRequest request, String cellId) {
        return call(request, cellId, AT_ONCE);
    }

    private static final Consumer<Runnable> AT_ONCE = Runnable::run;

    /**
     * {@link #call(ModelRequest, String)} whose store writes after an answer (its response cache entry and ledger entry)
     * are handed to {@code answerWrites} instead of being made before returning, so the caller can write them together
     * with its own record of the answer, in one transaction. While the account has a budget they are made here as
     * before, so the next budget check sees them (docs/ledger.md, overshoot bound). Failed attempts are written at once.
     */
    public CallResult call(ModelRequest request, String cellId, Consumer<Runnable> answerWrites) {
        return call(lookUp(request), cellId, answerWrites);
    }

    /** A request with its cache key worked out and the response cache asked (empty: no hit, or no cache for it). */
    public record LookedUp(ModelRequest request, String key, Optional<ModelResponse> cached) {}

    /**
     * The first step of a call, which a caller may take ahead of time (while other requests are in flight): the
     * request's cache key and its cached response, a hit counted as one.
     */
    public LookedUp lookUp(ModelRequest request) {
        String key = CacheKey.of(client.endpoint(), request);
        if (held.contains(key)) {
            return new LookedUp(request, key, Optional.empty()); // paid before, not stored: no cache to ask, no hit to count
        }
        return new LookedUp(request, key, cache != null && client.cacheable() ? cache.lookup(key) : Optional.empty());
    }

    /**
     * Tells the gateway that the answer it returned as {@code result}, whose writes it handed to a caller's
     * {@code answerWrites}, is stored (the caller's transaction committed): it no longer keeps it for a retry. Another
     * item's answer held under the same cache key stays held.
     */
    public void stored(CallResult result) {
        held.removeAnswer(result);
    }

    /** How many paid answers whose writes have not succeeded yet this gateway keeps for their retries. */
    public int heldAnswers() {
        return held.size();
    }

    /**
     * A call whose answer was paid by an earlier attempt whose writes failed (the disk full, the store down): the
     * same answer, not a cache hit, its ledger row (the earlier attempt's) written now, once. With writes made here
     * the answer is let go once they succeed, and kept again when they fail; with writes handed to the caller it is
     * kept until the caller says it is {@link #stored}.
     */
    private CallResult fromHeld(ModelRequest request, String key, PaidAnswers.Held answer, Consumer<Runnable> writes) {
        boolean useCache = useCache();
        CallResult result = answer.result();
        Runnable write = () -> {
            if (useCache) {
                cache.store(key, client.endpoint(), request.model(), result.response());
            }
            ledger.record(answer.paid());
        };
        if (writes == AT_ONCE) {
            held.remove(key, answer); // taken: a concurrent call for the same item pays rather than records this row twice
            try {
                write.run();
            } catch (RuntimeException e) {
                held.put(key, answer);
                throw e;
            }
        } else if (AnswerWrites.ranAtOnce(writes, write)) {
            held.remove(key, answer);
        }
        LOG.info("answer paid by an earlier attempt taken again, not paid twice (cache key {})", key);
        return result;
    }

    /**
     * {@link #call(ModelRequest, String, Consumer)} of a request looked up before: an answer paid before and held for this
     * item is taken again; else a cache hit is recorded; else the provider is called (docs/llm-gateway.md).
     */
    public CallResult call(LookedUp looked, String cellId, Consumer<Runnable> answerWrites) {
        Consumer<Runnable> writes = answerWrites == AT_ONCE || ledger.budgeted(account) ? AT_ONCE : answerWrites;
        stats.calls.incrementAndGet();
        PaidAnswers.Held paidBefore = held.get(looked.key(), cellId, looked.request());
        if (paidBefore != null) {
            return fromHeld(looked.request(), looked.key(), paidBefore, writes);
        }
        // an answer held for another item with the same key (two cells on one eval set and model) is not this call's:
        // taking it would record that item's ledger row a second time, so this call pays as it would without it
        if (useCache() && looked.cached().isPresent()) {
            return recordHit(looked, cellId, writes);
        }
        return callProvider(looked, cellId, writes);
    }

    private boolean useCache() {
        return cache != null && client.cacheable();
    }

    /** A cache hit: no provider call, its ledger row at no cost. */
    private CallResult recordHit(LookedUp looked, String cellId, Consumer<Runnable> writes) {
        ModelResponse hit = looked.cached().get();
        stats.cacheHits.incrementAndGet();
        Double free = profile.hasPrices() ? 0.0 : null;
        SpendEntry hitEntry = entry(cellId, looked.request(), 0, SpendEntry.CACHE_HIT, null, hit.promptTokens(), hit.completionTokens(), 0, free,
                hit.tokensUnknown(), hit.reasoningTokens(), hit.cachedPromptTokens(), 0);
        writes.accept(() -> ledger.record(hitEntry));
        return new CallResult(hit, true, 0, free, looked.key());
    }

    /** The provider's answer, over as many attempts as the retry policy allows: each admitted, sent, classified and recorded. */
    private CallResult callProvider(LookedUp looked, String cellId, Consumer<Runnable> writes) {
        ModelRequest request = looked.request();
        // inside an activity the gateway makes one attempt per activity attempt: the ledger numbers it as Temporal does
        int firstAttempt = Math.max(1, ActivityAttempt.current());
        CallWaitClock waits = new CallWaitClock();
        for (int attempt = 1; ; attempt++) {
            int ledgerAttempt = firstAttempt + attempt - 1;
            long admitting = System.nanoTime();
            ledger.admit(account, cellId, request.sampleId(), request.trial());
            waits.admit += System.nanoTime() - admitting;
            stats.providerAttempts.incrementAndGet();
            long started = System.nanoTime();
            long charge = admission.chargesTokens() ? estimatedTokens(request) : 0;
            try {
                ModelResponse response = counted(request, admission.send(() -> client.complete(request), charge, waits));
                if (charge > 0 && !response.tokensUnknown()) {
                    admission.used(charge, (long) response.promptTokens() + response.completionTokens());
                }
                return recordAnswer(looked, cellId, ledgerAttempt, attempt, response, waits.done(), writes);
            } catch (ModelCallException e) {
                recordFailure(request, cellId, ledgerAttempt, e, (System.nanoTime() - started) / 1_000_000);
                throwUnlessRetried(e, attempt);
                backOff(attempt, e, waits);
            }
        }
    }

    /**
     * A paid answer: counted, held until its writes (response cache entry, ledger row) are stored, and handed to
     * {@code writes}; once they ran, a retry finds it in the response cache (or needs no call, its output being stored).
     */
    private CallResult recordAnswer(LookedUp looked, String cellId, int ledgerAttempt, int attempts, ModelResponse response,
                                    CallWaits waits, Consumer<Runnable> writes) {
        ModelRequest request = looked.request();
        String key = looked.key();
        Double cost = CallCost.usd(profile, response);
        stats.promptTokens.addAndGet(response.promptTokens());
        stats.completionTokens.addAndGet(response.completionTokens());
        if (cost != null) {
            stats.costUsd.add(cost);
        }
        SpendEntry paid = entry(cellId, request, ledgerAttempt, SpendEntry.OK, null, response.promptTokens(), response.completionTokens(),
                response.latencyMillis(), cost, response.tokensUnknown(), response.reasoningTokens(), response.cachedPromptTokens(),
                CallCost.cachedAtInputPrice(profile, response));
        CallResult result = new CallResult(response, false, attempts, cost, key, waits);
        PaidAnswers.Held answer = new PaidAnswers.Held(result, paid);
        held.put(key, answer);
        boolean useCache = useCache();
        boolean written = AnswerWrites.ranAtOnce(writes, () -> {
            if (useCache) {
                cache.store(key, client.endpoint(), request.model(), response);
            }
            ledger.record(paid);
        });
        if (written) {
            held.remove(key, answer);
        }
        return result;
    }

    /**
     * An answer a provider's Batch API returned for {@code looked}'s request (docs/batch.md), recorded as a paid call would
     * be: its response cache entry and its ledger row at the profile's batch price ({@link CallCost#batchUsd}), handed to
     * {@code writes} to be made with the caller's record of the answer.
     */
    public CallResult recordBatchAnswer(LookedUp looked, String cellId, ModelResponse answer, Consumer<Runnable> writes) {
        ModelRequest request = looked.request();
        ModelResponse response = counted(request, answer);
        Double cost = CallCost.batchUsd(profile, response);
        stats.calls.incrementAndGet();
        stats.providerAttempts.incrementAndGet();
        stats.promptTokens.addAndGet(response.promptTokens());
        stats.completionTokens.addAndGet(response.completionTokens());
        if (cost != null) {
            stats.costUsd.add(cost);
        }
        // the batch price applies to every prompt token, cached or not: the ledger counts cached ones as charged at the input price
        SpendEntry paid = entry(cellId, request, 1, SpendEntry.OK, null, response.promptTokens(), response.completionTokens(),
                response.latencyMillis(), cost, response.tokensUnknown(), response.reasoningTokens(), response.cachedPromptTokens(),
                cost == null ? 0 : response.cachedPromptTokens());
        boolean useCache = useCache();
        writes.accept(() -> {
            if (useCache) {
                cache.store(looked.key(), client.endpoint(), request.model(), response);
            }
            ledger.record(paid);
        });
        return new CallResult(response, false, 1, cost, looked.key());
    }

    /** A failed attempt's ledger row; a ledger that cannot write it does not hide the call's own failure. */
    private void recordFailure(ModelRequest request, String cellId, int ledgerAttempt, ModelCallException e, long latencyMillis) {
        try {
            ledger.record(entry(cellId, request, ledgerAttempt, SpendEntry.FAILED, e.kind().name(), 0, 0, latencyMillis,
                    profile.hasPrices() ? 0.0 : null, false, 0, 0, 0));
        } catch (RuntimeException ledgerDown) {
            e.addSuppressed(ledgerDown); // the call's own failure, with its classification, is what the caller must see
        }
    }

    /**
     * Classifies a failed attempt: a retryable failure with attempts left returns (the call tries again); else the
     * failure is thrown as the caller sees it, a retryable one saying how many attempts were made and a refused
     * parameter naming the profile's setting to change.
     */
    private void throwUnlessRetried(ModelCallException e, int attempt) {
        if (e.retryable() && attempt < retry.maxAttempts()) {
            return;
        }
        stats.failures.incrementAndGet();
        if (e.retryable()) {
            throw new ModelCallException(e.kind(), e.endpoint(), e.httpStatus().orElse(null), e.retryAfter().orElse(null),
                    e.getMessage() + " [gave up after " + attempt + " attempts]", null);
        }
        if (e.kind() == ErrorKind.UNSUPPORTED_PARAMETER) {
            throw UnsupportedParameter.asProfileError(profile.name(), e);
        }
        throw e;
    }

    /** Waits before the next attempt (the retry policy's backoff, or the server's {@code Retry-After}). */
    private void backOff(int attempt, ModelCallException e, CallWaitClock waits) {
        Duration delay = retry.delayAfter(attempt, e, jitter);
        stats.retries.incrementAndGet();
        LOG.warn("attempt {} of {} failed, retrying in {} ms: {}", attempt, retry.maxAttempts(), delay.toMillis(), e.getMessage());
        long backingOff = System.nanoTime();
        sleep(delay, e);
        waits.backoff += System.nanoTime() - backingOff;
    }

    private SpendEntry entry(String cellId, ModelRequest request, int attempt, String outcome, String errorKind,
                             int promptTokens, int completionTokens, long latencyMs, Double costUsd, boolean tokensUnknown,
                             int reasoningTokens, int cachedPromptTokens, int cachedAtInputPrice) {
        return new SpendEntry(account.campaignId(), cellId, account.model(), client.endpoint(), request.sampleId(), request.trial(),
                attempt, outcome, errorKind, promptTokens, completionTokens, latencyMs, costUsd, tokensUnknown, reasoningTokens,
                cachedPromptTokens, cachedAtInputPrice);
    }

    /**
     * What an attempt is charged under {@code tokens_per_minute} before it is sent: its prompt's tokens (counted by the
     * profile's tokenizer, else {@value TokenCounter#CHARS_PER_TOKEN} characters a token) plus {@code max_tokens}.
     */
    private long estimatedTokens(ModelRequest request) {
        long prompt = tokens != null ? tokens.prompt(request.prompt()) : TokenCounter.estimated(request.prompt());
        return prompt + Math.max(0, request.decoding().maxTokens());
    }

    /** The answer with its tokens counted by the profile's tokenizer when the provider sent no usage block and one is named. */
    private ModelResponse counted(ModelRequest request, ModelResponse response) {
        if (!response.tokensUnknown() || tokens == null) {
            return response;
        }
        return response.withCountedTokens(tokens.prompt(request.prompt()), tokens.completion(response));
    }

    private void sleep(Duration delay, ModelCallException cause) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw cause;
        }
    }

    public GatewayStats stats() {
        return stats;
    }

    public AimdLimiter limiter() {
        return admission.limiter();
    }

    public ModelClient client() {
        return client;
    }

    @Override
    public void close() {
        client.close();
    }
}
