package dev.ibench.activities.ablation;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ProfileGateways.ProfileModel;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.ablation.ExpansionOutcome;
import dev.ibench.core.ablation.GenerationPrompts;
import dev.ibench.core.ablation.ParaphraseCheck;
import dev.ibench.core.ablation.ParaphraseOutcome;
import dev.ibench.core.ablation.TextSimilarity;
import dev.ibench.core.ablation.ToolkitExpansion;
import dev.ibench.core.campaign.GeneratorModel;
import dev.ibench.core.campaign.ParaphraseSettings;
import dev.ibench.core.campaign.ToolkitExpansionSettings;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Writes the material of the model-written ablations for a sample, once: the results store is asked first (keyed by
 * {@link GenerationKey}); otherwise the generator model is called through its gateway (response cache first, at
 * temperature 0), the outcome decided (meaning check, similarity window) and stored, and the stored outcome returned,
 * so every trial of a sample sees the same material and a retried or resumed item never pays twice. Concurrent
 * trials of one sample on this worker wait for one another; across workers the first stored outcome wins.
 */
public final class AblationGenerator {
    static final int EXPANSION_MIN_TOKENS = 1024;

    private final ResultsStore store;
    private final Function<GeneratorModel, ProfileModel> generators;
    private final TextSimilarity similarity;
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    /** @param generators a generator model ready to call (profile with the entry's endpoint, model and key variable applied) */
    public AblationGenerator(ResultsStore store, Function<GeneratorModel, ProfileModel> generators, TextSimilarity similarity) {
        this.store = store;
        this.generators = generators;
        this.similarity = similarity;
    }

    public ParaphraseOutcome paraphrase(EvalSample sample, ParaphraseSettings settings) {
        if (sample.input() == null || sample.input().isBlank()) {
            // nothing to rewrite; the prompt renderer then names the sample without a question
            return new ParaphraseOutcome(sample.input(), null, null, null, false, "sample has no question", settings.model().display());
        }
        return once(GenerationKey.paraphrase(sample, settings), "paraphrase", sample, ParaphraseOutcome.class, () -> {
            ProfileModel model = generators.apply(settings.model());
            String answer = call(model, GenerationPrompts.paraphrase(sample.input()), model.profile().maxTokens(),
                    sample.sampleId() + "-paraphrase", "paraphrase");
            return new ParaphraseCheck(similarity, settings.minSimilarityOrDefault()).check(sample.input(), answer, settings.model().display());
        });
    }

    public ExpansionOutcome expansion(EvalSample sample, ToolkitExpansionSettings settings) {
        return once(GenerationKey.expansion(sample, settings), "toolkit_expansion", sample, ExpansionOutcome.class, () -> {
            ProfileModel model = generators.apply(settings.model());
            Map<String, String> answers = new LinkedHashMap<>();
            ToolkitExpansion.goldTools(sample).forEach((name, tool) -> answers.put(name, call(model,
                    GenerationPrompts.expansion(sample.input() == null ? "" : sample.input(), tool, settings.toolsPerGoldToolOrDefault()),
                    Math.max(EXPANSION_MIN_TOKENS, model.profile().maxTokens()), sample.sampleId() + "-expansion-" + name, "toolkit_expansion")));
            return new ToolkitExpansion(similarity, settings.toolsPerGoldToolOrDefault(), settings.minSimilarityOrDefault(),
                    settings.maxSimilarityOrDefault()).decide(sample, answers, settings.model().display());
        });
    }

    /** The stored paraphrase of a sample, if it was written (reports; never calls a model). */
    public static Optional<ParaphraseOutcome> storedParaphrase(ResultsStore store, EvalSample sample, ParaphraseSettings settings) {
        return store.ablationGeneration(GenerationKey.paraphrase(sample, settings)).map(json -> read(json, ParaphraseOutcome.class));
    }

    /** The stored expansion of a sample, if it was written (reports; never calls a model). */
    public static Optional<ExpansionOutcome> storedExpansion(ResultsStore store, EvalSample sample, ToolkitExpansionSettings settings) {
        return store.ablationGeneration(GenerationKey.expansion(sample, settings)).map(json -> read(json, ExpansionOutcome.class));
    }

    private <T> T once(String key, String ablation, EvalSample sample, Class<T> type, Supplier<T> generate) {
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            Optional<String> stored = store.ablationGeneration(key);
            if (stored.isEmpty()) {
                try {
                    store.saveAblationGeneration(key, ablation, sample.sampleId(), Json.MAPPER.writeValueAsString(generate.get()));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException("cannot serialise the " + ablation + " of sample " + sample.sampleId(), e);
                }
                stored = store.ablationGeneration(key);
            }
            return read(stored.orElseThrow(), type);
        }
    }

    private static String call(ProfileModel model, RenderedPrompt prompt, int maxTokens, String requestId, String ablation) {
        ModelRequest request = new ModelRequest(model.profile().model(), prompt,
                new DecodingSettings(maxTokens, 0.0, model.profile().stop(), null).withServer(ModelRequests.serverSettings(model.profile())),
                requestId);
        try {
            return model.gateway().call(request).response().text();
        } catch (ModelCallException e) {
            throw new ModelCallException(e.kind(), e.endpoint(), e.httpStatus().orElse(null), e.retryAfter().orElse(null),
                    ablation + " generator " + model.profile().name() + ": " + e.getMessage(), e);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Json.MAPPER.readValue(json, type);
        } catch (IOException e) {
            throw new UncheckedIOException("stored ablation outcome unreadable", e);
        }
    }
}
