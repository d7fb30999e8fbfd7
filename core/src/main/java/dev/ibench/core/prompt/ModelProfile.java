package dev.ibench.core.prompt;

import dev.ibench.core.bfcl.BfclMode;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A model as the benchmark sees it, loaded from a YAML profile (see docs/model-profiles.md).
 * Profiles are data: adding a model means writing one file, not code.
 *
 * @param provider       {@code openai}, {@code gguf}, or the test providers {@code oracle} / {@code replay}
 * @param family         prompt-template family: llama3, watt-tool, mixtral, deepseek, qwen2.5, granite3.1, gpt-4o, hammer
 * @param api            {@code chat} (messages, /v1/chat/completions) or {@code completions} (raw prompt);
 *                       default: completions in prompt mode, chat in tools mode
 * @param apiKeyEnv      NAME of the environment variable that holds the API key (the key itself never appears in a profile)
 * @param modelFile      gguf: file name under the model directory, or an absolute path
 * @param constrainedOutput {@code none}, {@code json} (any JSON) or {@code tool_calls} (JSON schema of the call list)
 * @param templates      per-style template overrides: style name (slot, sel, rest, react) -> resource or file path
 * @param parser         output-parser chain (stage names) the scorer should apply to this model's text
 * @param frequencyPenalty OpenAI {@code frequency_penalty} sent with the benchmark's calls (-2 to 2); null: not sent
 * @param tokenizer      a HuggingFace {@code tokenizer.json} file of the served model: counts the tokens of an answer that
 *                       came without a {@code usage} block (null: such answers are marked {@code tokens unknown}; docs/ledger.md)
 * @param server         the kind of OpenAI-compatible server ({@link #SERVERS}; null: not said), which decides how
 *                       {@code reasoningEffort} is sent ({@link ReasoningControl})
 * @param tokenLimitParameter the request field that carries {@code max_tokens}: {@code max_tokens} or
 *                       {@code max_completion_tokens} (OpenAI's reasoning models refuse the former)
 * @param sendTemperature false for servers that refuse {@code temperature} (OpenAI's reasoning models)
 * @param reasoningEffort {@code low}, {@code medium}, {@code high} or {@code off}; null: not sent
 * @param promptCache    gguf: reuse the KV cache of the previous request's common prompt prefix (llama.cpp's
 *                       {@code cache_prompt}); default false. Outputs may differ from a cold run (docs/model-profiles.md)
 * @param promptEndsInThinking the family's prompt ends inside an opened thinking block (GLM-4.7-Flash, MiniMax-M2,
 *                       Cohere2 MoE, QwQ): an output that closes none is reasoning up to its first call block;
 *                       null (not written, so the profile's stored form is unchanged) means false
 * @param pricePerMillionCachedInput USD per million prompt tokens the server reports as read from its prompt cache
 *                       ({@code cached_tokens}, llama-server's {@code cache_n}); null: not stated, and such tokens are
 *                       priced as new input, which the ledger records and status and reports say (docs/ledger.md)
 * @param batchPricePerMillionInput  USD per million prompt tokens answered through the Batch API (docs/batch.md); null:
 *                       the normal price
 * @param batchPricePerMillionOutput USD per million completion tokens answered through the Batch API; null: the normal price
 * @param toolChoice     OpenAI {@code tool_choice} sent with native tools: {@code auto} or {@code required} (every answer
 *                       a tool call; llama-server {@code --jinja} forces it by grammar); null (not written): {@code auto}
 * @param parallelToolCalls OpenAI {@code parallel_tool_calls} sent with native tools: false allows one call per answer
 *                       (llama-server {@code --jinja} then constrains the answer to one call); null (not written): not
 *                       sent, the server's default
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelProfile(
        @JsonProperty("name") String name,
        @JsonProperty("description") String description,
        @JsonProperty("provider") String provider,
        @JsonProperty("family") String family,
        @JsonProperty("mode") PromptMode mode,
        @JsonProperty("api") String api,
        @JsonProperty("model") String model,
        @JsonProperty("base_url") String baseUrl,
        @JsonProperty("api_key_env") String apiKeyEnv,
        @JsonProperty("model_file") String modelFile,
        @JsonProperty("max_tokens") Integer maxTokens,
        @JsonProperty("temperature") Double temperature,
        @JsonProperty("stop") List<String> stop,
        @JsonProperty("timeout_seconds") Integer timeoutSeconds,
        @JsonProperty("max_attempts") Integer maxAttempts,
        @JsonProperty("max_concurrency") Integer maxConcurrency,
        @JsonProperty("context_length") Integer contextLength,
        @JsonProperty("threads") Integer threads,
        @JsonProperty("constrained_output") String constrainedOutput,
        @JsonProperty("icl") IclSettings icl,
        @JsonProperty("templates") Map<String, String> templates,
        @JsonProperty("parser") List<String> parser,
        @JsonProperty("price_per_million_input") Double pricePerMillionInput,
        @JsonProperty("price_per_million_output") Double pricePerMillionOutput,
        @JsonProperty("replay_file") String replayFile,
        @JsonProperty("frequency_penalty") Double frequencyPenalty,
        @JsonProperty("tokenizer") String tokenizer,
        @JsonProperty("server") String server,
        @JsonProperty("token_limit_parameter") String tokenLimitParameter,
        @JsonProperty("send_temperature") Boolean sendTemperature,
        @JsonProperty("reasoning_effort") String reasoningEffort,
        @JsonProperty("prompt_cache") Boolean promptCache,
        @JsonProperty("prompt_ends_in_thinking") Boolean promptEndsInThinking,
        @JsonProperty("price_per_million_cached_input") Double pricePerMillionCachedInput,
        @JsonProperty("batch_price_per_million_input") Double batchPricePerMillionInput,
        @JsonProperty("batch_price_per_million_output") Double batchPricePerMillionOutput,
        @JsonProperty("tool_choice") String toolChoice,
        @JsonProperty("parallel_tool_calls") Boolean parallelToolCalls) {

    public static final Set<String> PROVIDERS = Set.of("openai", "gguf", "oracle", "replay");
    public static final Set<String> APIS = Set.of("chat", "completions");
    public static final Set<String> CONSTRAINTS = Set.of("none", "json", "tool_calls");
    /** The kinds of OpenAI-compatible server a profile may name, for the request settings each takes. */
    public static final Set<String> SERVERS = Set.of("openai", "vllm", "sglang", "llama.cpp", "ollama", "other");
    public static final Set<String> TOKEN_LIMIT_PARAMETERS = Set.of("max_tokens", "max_completion_tokens");
    public static final Set<String> TOOL_CHOICES = Set.of("auto", "required");

    public ModelProfile {
        mode = mode == null ? PromptMode.PROMPT : mode;
        api = api == null ? (mode == PromptMode.TOOLS ? "chat" : "completions") : api;
        maxTokens = maxTokens == null ? 512 : maxTokens;
        temperature = temperature == null ? 0.0 : temperature;
        stop = stop == null ? List.of() : List.copyOf(stop);
        timeoutSeconds = timeoutSeconds == null ? 120 : timeoutSeconds;
        maxAttempts = maxAttempts == null ? 6 : maxAttempts;
        maxConcurrency = maxConcurrency == null ? 4 : maxConcurrency;
        threads = threads == null ? 2 : threads;
        constrainedOutput = constrainedOutput == null ? "none" : constrainedOutput;
        icl = icl == null ? IclSettings.SEED_DEFAULT : icl;
        templates = templates == null ? Map.of() : Map.copyOf(templates);
        parser = parser == null ? List.of("json", "json_lines", "python_ast", "xml_tool_call") : List.copyOf(parser);
        tokenLimitParameter = tokenLimitParameter == null ? "max_tokens" : tokenLimitParameter;
        sendTemperature = sendTemperature == null ? Boolean.TRUE : sendTemperature;
        promptCache = promptCache == null ? Boolean.FALSE : promptCache;
    }

    /** Checks the fields a provider needs; the message names the profile and the problem. */
    public ModelProfile validated(String source) {
        List<String> problems = new java.util.ArrayList<>();
        if (name == null || name.isBlank()) problems.add("missing 'name'");
        if (provider == null || !PROVIDERS.contains(provider)) problems.add("'provider' must be one of " + PROVIDERS + ", got " + provider);
        if (!APIS.contains(api)) problems.add("'api' must be chat or completions, got " + api);
        if (!CONSTRAINTS.contains(constrainedOutput)) problems.add("'constrained_output' must be one of " + CONSTRAINTS + ", got " + constrainedOutput);
        if ("openai".equals(provider)) {
            if (baseUrl == null || baseUrl.isBlank()) problems.add("provider openai needs 'base_url'");
            if (model == null || model.isBlank()) problems.add("provider openai needs 'model'");
        }
        if ("gguf".equals(provider) && (modelFile == null || modelFile.isBlank())) problems.add("provider gguf needs 'model_file'");
        if ("replay".equals(provider) && (replayFile == null || replayFile.isBlank())) problems.add("provider replay needs 'replay_file'");
        if (!"oracle".equals(provider) && !"replay".equals(provider) && (family == null || family.isBlank()) && templates.isEmpty()) {
            problems.add("needs a 'family' (template family) or 'templates'");
        }
        if (maxTokens <= 0) problems.add("'max_tokens' must be > 0");
        if (frequencyPenalty != null && (frequencyPenalty < -2.0 || frequencyPenalty > 2.0)) {
            problems.add("'frequency_penalty' must be between -2 and 2, got " + frequencyPenalty);
        }
        if (pricePerMillionCachedInput != null && pricePerMillionCachedInput < 0) problems.add("'price_per_million_cached_input' must be >= 0");
        if (maxAttempts <= 0) problems.add("'max_attempts' must be > 0");
        if (maxConcurrency <= 0) problems.add("'max_concurrency' must be > 0");
        if (mode == PromptMode.TOOLS && "completions".equals(api)) problems.add("mode tools needs api chat (native tools only exist on chat endpoints)");
        if (server != null && !SERVERS.contains(server)) problems.add("'server' must be one of " + SERVERS + ", got " + server);
        boolean requestSettings = server != null || !"max_tokens".equals(tokenLimitParameter) || !sendTemperature;
        if (requestSettings && provider != null && !"openai".equals(provider)) {
            problems.add("'server', 'token_limit_parameter' and 'send_temperature' only act on provider openai, not " + provider);
        }
        if (!TOKEN_LIMIT_PARAMETERS.contains(tokenLimitParameter)) {
            problems.add("'token_limit_parameter' must be one of " + TOKEN_LIMIT_PARAMETERS + ", got " + tokenLimitParameter);
        }
        if (promptCache && provider != null && !"gguf".equals(provider)) {
            problems.add("'prompt_cache' only acts on provider gguf, not " + provider);
        }
        if (toolChoice != null && !TOOL_CHOICES.contains(toolChoice)) {
            problems.add("'tool_choice' must be one of " + TOOL_CHOICES + ", got " + toolChoice);
        }
        if (toolChoice != null && ((provider != null && !"openai".equals(provider)) || "completions".equals(api))) {
            problems.add("'tool_choice' only acts on native tools, sent by provider openai with api chat, not provider " + provider + " with api " + api);
        }
        if (parallelToolCalls != null && ((provider != null && !"openai".equals(provider)) || "completions".equals(api))) {
            problems.add("'parallel_tool_calls' only acts on native tools, sent by provider openai with api chat, not provider " + provider
                    + " with api " + api);
        }
        problems.addAll(ReasoningControl.problems(this));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("model profile " + source + ": " + String.join("; ", problems));
        }
        return this;
    }

    /**
     * BFCL's handler kind of this profile, by which BFCL names are judged: {@code mode: tools} sends native tools, as
     * bfcl-eval's function-calling handlers do; {@code mode: prompt} writes them into the prompt, as its prompt handlers.
     */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public BfclMode bfclMode() {
        return mode == PromptMode.TOOLS ? BfclMode.FC : BfclMode.PROMPT;
    }

    /** Copy with another base URL (for {@code --endpoint}). */
    public ModelProfile withBaseUrl(String url) {
        return new ModelProfile(name, description, provider, family, mode, api, model, url, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with another model name at the endpoint (a campaign entry's {@code model}). */
    public ModelProfile withModel(String newModel) {
        return new ModelProfile(name, description, provider, family, mode, api, newModel, baseUrl, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with another ceiling of calls in flight (a campaign entry's {@code concurrency}, which wins over the profile's). */
    public ModelProfile withMaxConcurrency(int newMaxConcurrency) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, newMaxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with other max_tokens and temperature (a campaign's {@code decoding:} block). */
    public ModelProfile withDecoding(int newMaxTokens, double newTemperature) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, apiKeyEnv, modelFile, newMaxTokens,
                newTemperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with another API-key variable name (a campaign's {@code api_key_env}). */
    public ModelProfile withApiKeyEnv(String variable) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, variable, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with other prices in USD per million tokens (a campaign entry's override; a null argument keeps the profile's). */
    public ModelProfile withPrices(Double perMillionInput, Double perMillionOutput) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, perMillionInput != null ? perMillionInput : pricePerMillionInput,
                perMillionOutput != null ? perMillionOutput : pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with another reasoning effort (a campaign's {@code decoding.reasoning_effort}); check it with {@link #validated}. */
    public ModelProfile withReasoningEffort(String effort) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter,
                sendTemperature, effort, promptCache, promptEndsInThinking, pricePerMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** True when the profile says that its prompt ends inside thinking ({@code prompt_ends_in_thinking: true}). */
    public boolean promptOpensThinking() {
        return Boolean.TRUE.equals(promptEndsInThinking);
    }

    /** Copy with another price of cached prompt tokens (a campaign entry's override; null keeps the profile's). */
    public ModelProfile withCachedInputPrice(Double perMillionCachedInput) {
        return perMillionCachedInput == null ? this : new ModelProfile(name, description, provider, family, mode, api, model, baseUrl,
                apiKeyEnv, modelFile, maxTokens, temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads,
                constrainedOutput, icl, templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty,
                tokenizer, server, tokenLimitParameter, sendTemperature, reasoningEffort, promptCache, promptEndsInThinking,
                perMillionCachedInput, batchPricePerMillionInput, batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    /** Copy with other batch prices in USD per million tokens (a campaign entry's override; a null argument keeps the profile's). */
    public ModelProfile withBatchPrices(Double perMillionInput, Double perMillionOutput) {
        return new ModelProfile(name, description, provider, family, mode, api, model, baseUrl, apiKeyEnv, modelFile, maxTokens,
                temperature, stop, timeoutSeconds, maxAttempts, maxConcurrency, contextLength, threads, constrainedOutput, icl,
                templates, parser, pricePerMillionInput, pricePerMillionOutput, replayFile, frequencyPenalty, tokenizer, server, tokenLimitParameter,
                sendTemperature, reasoningEffort, promptCache, promptEndsInThinking, pricePerMillionCachedInput,
                perMillionInput != null ? perMillionInput : batchPricePerMillionInput,
                perMillionOutput != null ? perMillionOutput : batchPricePerMillionOutput, toolChoice, parallelToolCalls);
    }

    public boolean hasPrices() {
        return pricePerMillionInput != null || pricePerMillionOutput != null;
    }
}
