package dev.ibench.workers.modelcheck;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.client.ServerContextSize;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ibench model check}: renders a profile's prompt for one sample, and unless the response cache holds its answer,
 * warns about a prompt the server's context cannot hold and calls the model once with the profile's retries
 * (docs/model-profiles.md).
 */
public final class ModelCheck {
    /** What to check: the profile, the sample (eval set and id; null: the seed's first SLOT ICL example) and the call's settings. */
    public record Settings(ModelProfile profile, Path evalSet, String sampleId, String style, Path iclDir, Path cacheFile,
                           boolean noCache, Integer maxTokens) {}

    /** A rendered check, ready to call: the warnings are those known before the call (context size). */
    public record Prepared(ModelProfile profile, EvalSample sample, PromptStyle style, RenderedPrompt prompt, ModelRequest request,
                           Optional<ServerContextSize.Found> serverContext, List<String> warningsBefore) {}

    /** A call's result, the endpoint it reached and every warning (before and after the call). */
    public record Outcome(CallResult result, String endpoint, List<String> warnings) {}

    private ModelCheck() {}

    /** @throws IllegalArgumentException or IOException for an unusable eval set, sample, style or prompt */
    public static Prepared prepare(Settings s) throws IOException {
        List<EvalSample> samples = s.evalSet() != null ? readEvalSet(s.evalSet()) : List.of(defaultSample());
        EvalSample sample = s.evalSet() != null ? pick(samples, s.sampleId(), s.evalSet()) : samples.get(0);
        int maxCalls = ToolCallSchema.maxCalls(samples);
        PromptStyle style = s.style() != null ? PromptStyle.parse(s.style()) : guessStyle(sample);
        RenderedPrompt prompt = new PromptRenderer(s.profile(), IclExamples.forStyle(style, s.iclDir())).render(style, sample);
        ModelRequest request = ModelRequests.request(s.profile(), prompt, sample.sampleId(), sample.tools(), maxCalls);
        if (s.maxTokens() != null) {
            request = new ModelRequest(request.model(), request.prompt(), request.decoding().withMaxTokens(s.maxTokens()), request.sampleId());
        }
        return new Prepared(s.profile(), sample, style, prompt, request, Optional.empty(), List.of());
    }

    /**
     * Opens the response cache and the gateway for a prepared check and looks its request up in the cache. Only when the
     * answer is not cached (the model will be called) is the server asked for its context size and the prompt compared
     * with it ({@link Session#prepared()} carries the result); an answer from the cache sends no request at all.
     */
    public static Session open(Settings s, Prepared p) throws ModelCallException {
        ResponseCache cache = s.noCache() ? null : s.cacheFile() != null ? new ResponseCache(s.cacheFile())
                : new ResponseCache(CampaignServices.of(IbenchHome.resolve()).database());
        try {
            ModelGateway gateway = new ModelGateway(p.profile(), ModelClients.create(p.profile(), System::getenv, List.of(p.sample())), cache,
                    new EndpointLimiters(), RetryPolicy.defaults(p.profile().maxAttempts()));
            ModelGateway.LookedUp looked = gateway.lookUp(p.request());
            Prepared checked = p;
            if (looked.cached().isEmpty()) {
                Optional<ServerContextSize.Found> serverContext = serverContext(p.profile());
                checked = new Prepared(p.profile(), p.sample(), p.style(), p.prompt(), p.request(), serverContext,
                        ModelCheckWarnings.context(p.profile(), p.prompt(), p.request().decoding().maxTokens(), null, serverContext));
            }
            return new Session(checked, cache, gateway, looked);
        } catch (RuntimeException e) {
            if (cache != null) {
                cache.close();
            }
            throw e;
        }
    }

    /** A check ready to call: its cache lookup done, its context size known when the model will be called. */
    public static final class Session implements AutoCloseable {
        private final Prepared prepared;
        private final ResponseCache cache;
        private final ModelGateway gateway;
        private final ModelGateway.LookedUp looked;

        private Session(Prepared prepared, ResponseCache cache, ModelGateway gateway, ModelGateway.LookedUp looked) {
            this.prepared = prepared;
            this.cache = cache;
            this.gateway = gateway;
            this.looked = looked;
        }

        public Prepared prepared() {
            return prepared;
        }

        /** Calls the model once (retrying only what can pass on a retry), or answers from the cache. */
        public Outcome call() throws ModelCallException {
            Prepared p = prepared;
            CallResult result = gateway.call(looked, null, Runnable::run);
            List<String> warnings = new ArrayList<>(ModelCheckWarnings.of(p.profile(), p.request(), p.prompt(), result));
            warnings.addAll(ModelCheckWarnings.context(p.profile(), p.prompt(), p.request().decoding().maxTokens(),
                    result.response().promptTokens(), p.serverContext()));
            return new Outcome(result, gateway.client().endpoint(), warnings);
        }

        @Override
        public void close() {
            try (gateway) {
                if (cache != null) {
                    cache.close();
                }
            }
        }
    }

    /** The context size an OpenAI-compatible server reports (llama.cpp /props, vLLM /v1/models), if it does. */
    private static Optional<ServerContextSize.Found> serverContext(ModelProfile profile) {
        if (!"openai".equals(profile.provider()) || profile.baseUrl() == null) {
            return Optional.empty();
        }
        ApiKey key;
        try {
            key = ApiKey.fromEnvironment(profile.apiKeyEnv(), System::getenv, profile.baseUrl());
        } catch (ModelCallException unset) {
            key = ApiKey.none(); // the call itself reports the missing key
        }
        return ServerContextSize.probe(profile.baseUrl(), profile.model(), key);
    }

    private static PromptStyle guessStyle(EvalSample sample) {
        boolean sel = sample.tools().stream().anyMatch(t -> String.valueOf(t.get("name")).startsWith("select_data_"));
        return sel ? PromptStyle.SEL : PromptStyle.SLOT;
    }

    /** The seed's first SLOT ICL example: a real sample that needs no built eval set. */
    private static EvalSample defaultSample() throws IOException {
        try (InputStream in = ModelCheck.class.getClassLoader().getResourceAsStream("icl/" + IclExamples.SLOT_FILE)) {
            JsonNode data = Json.MAPPER.readTree(in).get("data");
            return Json.MAPPER.treeToValue(data.get(0), EvalSample.class);
        }
    }

    static List<EvalSample> readEvalSet(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--eval-set " + file + " does not exist");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8).strip();
        List<EvalSample> samples = new ArrayList<>();
        if (text.startsWith("[") || text.startsWith("{") && !text.contains("\n{")) {
            JsonNode root = Json.MAPPER.readTree(text);
            JsonNode list = root.isArray() ? root : root.has("data") ? root.get("data") : root.get("samples");
            if (list == null || !list.isArray()) {
                throw new IllegalArgumentException("eval set " + file + " has no sample list (expected an array, or an object with 'data' or 'samples')");
            }
            for (JsonNode n : list) {
                samples.add(Json.MAPPER.treeToValue(n, EvalSample.class));
            }
        } else {
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    samples.add(Json.MAPPER.readValue(line, EvalSample.class));
                }
            }
        }
        return samples;
    }

    private static EvalSample pick(List<EvalSample> samples, String id, Path file) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("eval set " + file + " has no samples");
        }
        if (id == null) {
            return samples.get(0);
        }
        return samples.stream().filter(s -> id.equals(s.sampleId())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("eval set " + file + " has no sample with sample_id " + id));
    }
}
