package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.Pair;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An in-process GGUF model through java-llama.cpp (de.kherud:llama 4.1.0). Raw prompts are used as they
 * are; chat messages are turned into a prompt by the model's own chat template via
 * {@link LlamaModel#applyTemplate}, done here rather than with {@code setUseChatTemplate}, which in 4.1.0
 * can produce an empty prompt on which generation hangs. A conversation with native tool calls or tool results goes
 * through llama.cpp's jinja path instead (a model instance loaded with {@code --jinja}, given the messages in OpenAI's
 * format), which renders them as the model's own template does, or, for a template without tool support, as
 * llama.cpp's polyfill writes them. Native {@code tools} are refused: nothing here reads calls out of the generated
 * text. Calls on one model are serialised.
 * Constrained output: the request's JSON schema becomes a llama.cpp grammar. With {@code promptCache} (profile
 * {@code prompt_cache: true}) each request asks llama.cpp to keep the KV cache of the prompt prefix it shares with the
 * previous request ({@code cache_prompt}), so the next step of a long conversation evaluates only its new tokens;
 * llama.cpp does not promise bit-identical logits with and without a reused prefix (docs/model-profiles.md).
 */
public final class GgufClient implements ModelClient {
    /** The sampler seed of a request that sets none (outside campaign trials). */
    private static final int DEFAULT_SEED = 42;
    private final Path modelFile;
    private final int contextLength;
    private final int threads;
    private final Duration timeout;
    private final boolean promptCache;
    private final String endpoint;

    public GgufClient(Path modelFile, int contextLength, int threads, Duration timeout) {
        this(modelFile, contextLength, threads, timeout, false);
    }

    public GgufClient(Path modelFile, int contextLength, int threads, Duration timeout, boolean promptCache) {
        this.modelFile = modelFile;
        this.promptCache = promptCache;
        this.contextLength = contextLength;
        this.threads = threads;
        this.timeout = timeout;
        this.endpoint = "gguf:" + modelFile.getFileName();
        if (!GgufModels.exists(modelFile)) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, endpoint, "model file " + modelFile
                    + " does not exist (run deploy/local/install-tools.sh, or set IBENCH_MODEL_DIR to the folder holding it)");
        }
    }

    @Override
    public String endpoint() {
        return endpoint;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        if (!request.prompt().tools().isEmpty()) {
            throw ModelCallException.of(ErrorKind.UNSUPPORTED, endpoint, "the gguf provider has no native tool calling; use a profile with mode: prompt");
        }
        LlamaModel model = model(request);
        synchronized (model) {
            long start = System.nanoTime();
            String prompt = prompt(model, request);
            int promptTokens = model.encode(prompt).length;
            int maxTokens = request.decoding().maxTokens();
            if (promptTokens + maxTokens > contextLength) {
                throw ModelCallException.of(ErrorKind.CONTEXT_LENGTH, endpoint, "prompt of " + promptTokens + " tokens plus max_tokens "
                        + maxTokens + " exceeds the context length " + contextLength);
            }
            InferenceParameters params = parameters(prompt, request);
            StringBuilder text = new StringBuilder();
            long deadline = start + timeout.toNanos();
            LlamaIterator it = model.generate(params).iterator();
            int pieces = 0;
            while (it.hasNext()) {
                LlamaOutput piece = it.next();
                text.append(piece.text);
                pieces++;
                if (System.nanoTime() > deadline) {
                    it.cancel();
                    throw ModelCallException.of(ErrorKind.TIMEOUT, endpoint, "generation exceeded " + timeout.toSeconds() + " s");
                }
            }
            String out = text.toString();
            int completionTokens = out.isEmpty() ? 0 : model.encode(out).length;
            // one piece per generated token: re-encoding the text can count fewer, so a cut answer would look finished
            String finish = Math.max(completionTokens, pieces) >= maxTokens ? "length" : "stop";
            return new ModelResponse(out, List.of(), finish, promptTokens, completionTokens, (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** The llama.cpp request for {@code prompt}: the request's decoding settings and {@code cache_prompt} as the profile says. */
    InferenceParameters parameters(String prompt, ModelRequest request) {
        InferenceParameters params = new InferenceParameters(prompt)
                .setNPredict(request.decoding().maxTokens())
                .setTemperature((float) request.decoding().temperature())
                .setSeed(request.decoding().seed() == null ? DEFAULT_SEED : (int) (long) request.decoding().seed())
                .setCachePrompt(promptCache);
        if (request.decoding().topP() != null) {
            params.setTopP(request.decoding().topP().floatValue());
        }
        if (request.decoding().frequencyPenalty() != null) {
            params.setFrequencyPenalty(request.decoding().frequencyPenalty().floatValue());
        }
        if (!request.decoding().stop().isEmpty()) {
            params.setStopStrings(request.decoding().stop().toArray(String[]::new));
        }
        if (request.decoding().jsonSchema() != null) {
            params.setGrammar(LlamaModel.jsonSchemaToGrammar(request.decoding().jsonSchema()));
        }
        return params;
    }

    @Override
    public Optional<PromptFit> measure(ModelRequest request) {
        LlamaModel model = model(request);
        synchronized (model) {
            return Optional.of(new PromptFit(model.encode(prompt(model, request)).length, request.decoding().maxTokens(), contextLength));
        }
    }

    private LlamaModel model(ModelRequest request) {
        return GgufModels.get(modelFile, contextLength, threads, hasToolExchange(request));
    }

    private static boolean hasToolExchange(ModelRequest request) {
        return request.prompt().messages().stream().anyMatch(ChatMessage::isToolExchange);
    }

    /** The text the model reads: a raw prompt as it is, chat messages through the model's own template. */
    private String prompt(LlamaModel model, ModelRequest request) {
        String prompt = request.prompt().isRaw() ? request.prompt().text()
                : hasToolExchange(request) ? applyJinjaTemplate(model, request.prompt().messages())
                : applyChatTemplate(model, request.prompt().messages());
        if (prompt.isBlank()) {
            throw ModelCallException.of(ErrorKind.BAD_REQUEST, endpoint, "the prompt is empty (after applying the chat template)");
        }
        return prompt;
    }

    private String applyChatTemplate(LlamaModel model, List<ChatMessage> messages) {
        StringBuilder system = new StringBuilder();
        List<Pair<String, String>> turns = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m.role().equals("system")) {
                system.append(system.length() == 0 ? "" : "\n\n").append(m.content());
            } else {
                turns.add(new Pair<>(m.role(), m.content()));
            }
        }
        if (turns.isEmpty()) {
            throw ModelCallException.of(ErrorKind.BAD_REQUEST, endpoint, "chat request has no user message");
        }
        return model.applyTemplate(new InferenceParameters("").setMessages(system.length() == 0 ? null : system.toString(), turns));
    }

    /** Through llama.cpp's jinja path (the instance loaded with it): the messages in OpenAI's format, as llama-server reads them. */
    private String applyJinjaTemplate(LlamaModel model, List<ChatMessage> messages) {
        ObjectNode data = Json.MAPPER.createObjectNode();
        data.set("messages", OpenAiMessages.of(messages));
        try {
            return model.applyTemplate(data.toString());
        } catch (RuntimeException e) {
            throw ModelCallException.of(ErrorKind.BAD_REQUEST, endpoint, "the model's chat template cannot render this conversation: " + e.getMessage());
        }
    }

    /** The text the model reads for {@code request} (package-private for tests of the rendering). */
    String renderedPrompt(ModelRequest request) {
        LlamaModel model = model(request);
        synchronized (model) {
            return prompt(model, request);
        }
    }

    @Override
    public String toString() {
        return "GgufClient[" + modelFile + "]";
    }
}
