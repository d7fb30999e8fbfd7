package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.Credential;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.HttpFailureClassifier;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.sample.ToolCall;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Any OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp server, OpenAI, ...) over OkHttp:
 * chat messages go to {@code /chat/completions} (with native {@code tools} when present),
 * raw prompts to {@code /completions}. {@code baseUrl} includes the version path, e.g. {@code http://host:8000/v1}.
 */
public final class OpenAiClient implements ModelClient {
    private static final MediaType JSON = MediaType.get("application/json");
    /** The most of a response body read: far above any completion (a 32k-token answer is well under 1 MB). */
    static final long DEFAULT_MAX_RESPONSE_BYTES = 16L * 1024 * 1024;
    /** OkHttp's default number of idle connections kept alive. */
    static final int DEFAULT_IDLE_CONNECTIONS = 5;
    private final HttpUrl baseUrl;
    private final String endpoint;
    private final ApiKey apiKey;
    private final OkHttpClient http;
    private final long maxResponseBytes;

    public OpenAiClient(String baseUrl, ApiKey apiKey, Duration timeout) {
        this(baseUrl, apiKey, timeout, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_IDLE_CONNECTIONS);
    }

    /**
     * @param concurrency how many requests the caller sends at once: that many connections are kept alive between
     *                    requests (OkHttp keeps 5 by default, so every round of a larger batch would connect again)
     */
    public static OpenAiClient keepingAlive(String baseUrl, ApiKey apiKey, Duration timeout, int concurrency) {
        return new OpenAiClient(baseUrl, apiKey, timeout, DEFAULT_MAX_RESPONSE_BYTES, Math.max(DEFAULT_IDLE_CONNECTIONS, concurrency));
    }

    public OpenAiClient(String baseUrl, ApiKey apiKey, Duration timeout, long maxResponseBytes) {
        this(baseUrl, apiKey, timeout, maxResponseBytes, DEFAULT_IDLE_CONNECTIONS);
    }

    private OpenAiClient(String baseUrl, ApiKey apiKey, Duration timeout, long maxResponseBytes, int idleConnections) {
        HttpUrl parsed = HttpUrl.parse(baseUrl);
        if (parsed == null) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, String.valueOf(baseUrl), "base_url is not an http(s) URL");
        }
        this.baseUrl = parsed;
        this.endpoint = parsed.newBuilder().username("").password("").query(null).build().toString();
        this.apiKey = apiKey;
        this.maxResponseBytes = maxResponseBytes;
        this.http = new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(Math.min(10, Math.max(1, timeout.toSeconds()))))
                .readTimeout(timeout)
                .writeTimeout(timeout)
                .callTimeout(timeout.multipliedBy(2))
                .retryOnConnectionFailure(false) // retries are ours: classified, counted and backed off
                // a redirect would send the whole prompt (and the key) again to wherever it points: it is reported instead
                .followRedirects(false)
                .followSslRedirects(false)
                .connectionPool(new ConnectionPool(idleConnections, 5, TimeUnit.MINUTES))
                .build();
    }

    @Override
    public String endpoint() {
        return endpoint;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        boolean chat = !request.prompt().isRaw();
        String path = chat ? "chat/completions" : "completions";
        String url = baseUrl.newBuilder().addPathSegments(path).build().toString();
        String where = endpoint + " (" + path + ", model " + request.model() + ")";
        Request.Builder builder = new Request.Builder().url(url).post(RequestBody.create(OpenAiRequestBody.of(request, chat), JSON));
        if (apiKey.present()) {
            builder.header("Authorization", apiKey.authorizationHeader());
        }
        Request httpRequest = builder.build();
        try {
            return send(httpRequest, where, chat);
        } catch (NoResponse first) {
            // A kept-alive connection the server has closed meanwhile (servers and proxies that close after each
            // response) fails before any answer comes back: reconnect at once instead of spending a backed-off retry.
            // A failure after the answer began is not replayed here: the server may already have done the work.
            http.connectionPool().evictAll();
            try {
                return send(httpRequest, where, chat);
            } catch (NoResponse second) {
                throw HttpFailureClassifier.fromIo(where, second.cause, apiKey);
            }
        }
    }

    /** The request failed before any response arrived (connect, write, or no status line). */
    private static final class NoResponse extends Exception {
        private final IOException cause;

        NoResponse(IOException cause) {
            super(cause.getMessage(), null, false, false);
            this.cause = cause;
        }
    }

    private ModelResponse send(Request httpRequest, String where, boolean chat) throws NoResponse {
        long start = System.nanoTime();
        if (CallCancellation.cancelled()) {
            throw cancelled(where);
        }
        Call call = http.newCall(httpRequest);
        CallCancellation.register(call);
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            CallCancellation.unregister(call);
            if (call.isCanceled()) {
                throw cancelled(where);
            }
            if (HttpFailureClassifier.fromIo(where, e, apiKey).kind() == ErrorKind.TIMEOUT) {
                throw HttpFailureClassifier.fromIo(where, e, apiKey);
            }
            throw new NoResponse(e);
        }
        try (response) {
            ResponseBody responseBody = response.body();
            BoundedBody body = BoundedBody.read(responseBody, maxResponseBytes);
            long latency = (System.nanoTime() - start) / 1_000_000;
            if (response.code() >= 300 && response.code() < 400) {
                throw HttpFailureClassifier.redirected(where, response.code(), response.message(), response.header("Location"), apiKey);
            }
            if (!response.isSuccessful() && chat && ServerUnparsedAnswer.is(response.code(), body.text())) {
                return ServerUnparsedAnswer.answer(latency);
            }
            if (!response.isSuccessful()) {
                // an error body is only quoted: its first part is enough, the status decides
                throw HttpFailureClassifier.fromStatus(where, response.code(), response.message(), body.text(), response.header("Retry-After"), apiKey);
            }
            if (body.truncated()) {
                throw HttpFailureClassifier.tooLarge(where, maxResponseBytes);
            }
            return parse(where, body.text(), chat, latency);
        } catch (IOException e) {
            if (call.isCanceled()) {
                throw cancelled(where);
            }
            throw HttpFailureClassifier.fromIo(where, e, apiKey);
        } finally {
            CallCancellation.unregister(call);
        }
    }

    private static ModelCallException cancelled(String where) {
        return ModelCallException.of(ErrorKind.CANCELLED, where, "the activity was cancelled; the request was aborted");
    }

    private ModelResponse parse(String where, String text, boolean chat, long latency) {
        return parse(where, text, chat, latency, apiKey);
    }

    /**
     * A completion's response body as a {@link ModelResponse}: the text or message with native tool calls, reasoning
     * returned apart, finish reason and usage (also how {@link OpenAiBatchClient} reads a batch's output lines).
     */
    static ModelResponse parse(String where, String text, boolean chat, long latency, Credential apiKey) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw HttpFailureClassifier.malformed(where, "response body is not complete JSON", text, apiKey);
        }
        JsonNode choice = root == null ? null : root.path("choices").path(0);
        if (choice == null || choice.isMissingNode() || !choice.isObject()) {
            throw HttpFailureClassifier.malformed(where, "response has no choices[0]", text, apiKey);
        }
        String content;
        String reasoning;
        List<ToolCall> calls = new ArrayList<>();
        List<ChatToolCall> nativeCalls = new ArrayList<>();
        if (chat) {
            JsonNode message = choice.path("message");
            content = message.path("content").isTextual() ? message.path("content").asText() : "";
            reasoning = reasoning(message);
            for (JsonNode call : message.path("tool_calls")) {
                ChatToolCall nativeCall = nativeCall(call);
                nativeCalls.add(nativeCall);
                calls.add(toolCall(nativeCall));
            }
        } else {
            content = choice.path("text").asText("");
            reasoning = reasoning(choice);
        }
        JsonNode usage = root.path("usage");
        boolean counted = usage.path("prompt_tokens").isNumber() && usage.path("completion_tokens").isNumber();
        return new ModelResponse(content, calls, choice.path("finish_reason").asText(null),
                usage.path("prompt_tokens").asInt(0), usage.path("completion_tokens").asInt(0), latency, !counted, reasoning,
                usage.path("completion_tokens_details").path("reasoning_tokens").asInt(0), cachedPromptTokens(root), nativeCalls);
    }

    /**
     * Prompt tokens the server read from its prompt cache: OpenAI's {@code usage.prompt_tokens_details.cached_tokens}
     * (also vLLM with prefix caching, and llama-server), else llama-server's {@code timings.cache_n}; 0 when neither is sent.
     */
    static int cachedPromptTokens(JsonNode root) {
        JsonNode cached = root.path("usage").path("prompt_tokens_details").path("cached_tokens");
        if (cached.isNumber()) {
            return cached.asInt();
        }
        JsonNode cacheN = root.path("timings").path("cache_n");
        return cacheN.isNumber() ? cacheN.asInt() : 0;
    }

    /** Reasoning a server returns apart: {@code reasoning_content} (vLLM, SGLang, llama.cpp, DeepSeek) or {@code reasoning} (OpenRouter, newer vLLM). */
    private static String reasoning(JsonNode message) {
        for (String field : new String[] {"reasoning_content", "reasoning"}) {
            if (message.path(field).isTextual() && !message.path(field).asText().isEmpty()) {
                return message.path(field).asText();
            }
        }
        return null;
    }

    /**
     * A {@code tool_calls} item as the server sent it: its id, name and arguments verbatim (a JSON string as OpenAI sends
     * them, or, from some servers, a JSON value written back as text); no arguments at all read as {@code {}}.
     */
    private static ChatToolCall nativeCall(JsonNode call) {
        JsonNode function = call.path("function");
        JsonNode args = function.path("arguments");
        String arguments = args.isMissingNode() ? "{}" : args.isTextual() ? args.asText() : args.toString();
        return new ChatToolCall(call.path("id").isTextual() ? call.path("id").asText() : null, function.path("name").asText(""), arguments);
    }

    /**
     * The call's parsed form: arguments that are not a JSON object (an array, a number, {@code null}, cut off) are the
     * model's wrong format, kept verbatim under {@link ModelResponse#UNPARSED_ARGUMENTS}, never read as {@code {}}.
     */
    private static ToolCall toolCall(ChatToolCall call) {
        Map<String, Object> arguments = call.argumentsObject()
                .orElseGet(() -> new LinkedHashMap<>(Map.of(ModelResponse.UNPARSED_ARGUMENTS, call.arguments())));
        return new ToolCall(call.name(), arguments, null);
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @Override
    public String toString() {
        return "OpenAiClient[" + endpoint + ", key=" + apiKey + "]";
    }
}
