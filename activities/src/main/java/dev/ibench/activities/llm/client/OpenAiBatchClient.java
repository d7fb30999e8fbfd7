package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.HttpFailureClassifier;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * OpenAI's Batch API (also served by Together, Groq, Mistral and others in the same format) over OkHttp: upload a JSONL
 * input file ({@code POST /files}, purpose {@code batch}), create a batch of it ({@code POST /batches}, completion window
 * 24h, with metadata), look at it ({@code GET /batches/{id}}), find it again by its metadata ({@code GET /batches},
 * newest first), cancel it, and read its output and error files ({@code GET /files/{id}/content}) line by line. Failures
 * are {@link ModelCallException}s classified as a normal call's are. docs/batch.md.
 */
public final class OpenAiBatchClient implements AutoCloseable {
    private static final MediaType JSON = MediaType.get("application/json");
    private static final MediaType JSONL = MediaType.get("application/jsonl");
    /** Batches asked for per page when looking one up by its metadata. */
    static final int LIST_PAGE = 100;

    private final HttpUrl baseUrl;
    private final String endpoint;
    private final ApiKey apiKey;
    private final OkHttpClient http;

    public OpenAiBatchClient(String baseUrl, ApiKey apiKey, Duration timeout) {
        HttpUrl parsed = HttpUrl.parse(baseUrl);
        if (parsed == null) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, String.valueOf(baseUrl), "base_url is not an http(s) URL");
        }
        this.baseUrl = parsed;
        this.endpoint = parsed.newBuilder().username("").password("").query(null).build().toString();
        this.apiKey = apiKey;
        this.http = new OkHttpClient.Builder().readTimeout(timeout).writeTimeout(timeout).callTimeout(Duration.ZERO)
                .retryOnConnectionFailure(false).followRedirects(false).followSslRedirects(false).build();
    }

    /** Identifies the endpoint in messages and records (never holds credentials). */
    public String endpoint() {
        return endpoint;
    }

    /** The batch endpoint a request goes to, as the batch and its lines name it: the base URL's path, e.g. {@code /v1/chat/completions}. */
    public String requestUrl(ModelRequest request) {
        String base = baseUrl.encodedPath();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/" + (request.prompt().isRaw() ? "completions" : "chat/completions");
    }

    /** One input line: {@code {custom_id, method: POST, url, body}}, the body as a normal call would post it. */
    public String inputLine(String customId, ModelRequest request) {
        ObjectNode line = Json.MAPPER.createObjectNode();
        line.put("custom_id", customId).put("method", "POST").put("url", requestUrl(request));
        try {
            line.set("body", Json.MAPPER.readTree(OpenAiRequestBody.of(request, !request.prompt().isRaw())));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("request body is not JSON", e);
        }
        return line.toString();
    }

    /** Uploads a JSONL input file with purpose {@code batch}; returns the file's id. */
    public String upload(byte[] jsonl, String filename) {
        RequestBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("purpose", "batch")
                .addFormDataPart("file", filename, RequestBody.create(jsonl, JSONL))
                .build();
        return send(post("files", body), "files").path("id").asText();
    }

    /** Creates a batch of an uploaded input file for {@code requestUrl}'s endpoint, with {@code metadata}. */
    public BatchObject create(String inputFileId, String requestUrl, Map<String, String> metadata) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("input_file_id", inputFileId).put("endpoint", requestUrl).put("completion_window", "24h");
        ObjectNode meta = body.putObject("metadata");
        metadata.forEach(meta::put);
        return BatchObject.of(send(post("batches", RequestBody.create(body.toString(), JSON)), "batches"));
    }

    public BatchObject retrieve(String batchId) {
        return BatchObject.of(send(request(url("batches/" + batchId)).get().build(), "batches/" + batchId));
    }

    public BatchObject cancel(String batchId) {
        return BatchObject.of(send(post("batches/" + batchId + "/cancel", RequestBody.create("", JSON)), "batches/" + batchId + "/cancel"));
    }

    /**
     * The newest batch whose metadata has {@code key} = {@code value}, among the batches created at or after
     * {@code notBefore} (epoch seconds): the list is read newest first and stops at the first older batch.
     */
    public Optional<BatchObject> findByMetadata(String key, String value, long notBefore) {
        String after = null;
        while (true) {
            HttpUrl.Builder url = baseUrl.newBuilder().addPathSegments("batches").addQueryParameter("limit", String.valueOf(LIST_PAGE));
            if (after != null) {
                url.addQueryParameter("after", after);
            }
            JsonNode page = send(request(url.build()).get().build(), "batches");
            for (JsonNode node : page.path("data")) {
                BatchObject batch = BatchObject.of(node);
                if (value.equals(batch.metadata().get(key))) {
                    return Optional.of(batch);
                }
                if (batch.createdAt() < notBefore) {
                    return Optional.empty();
                }
                after = batch.id();
            }
            if (!page.path("has_more").asBoolean(false) || after == null) {
                return Optional.empty();
            }
        }
    }

    /** Reads an output or error file line by line, each parsed, to {@code lines}. */
    public void readLines(String fileId, Consumer<BatchOutputLine> lines) {
        String path = "files/" + fileId + "/content";
        String where = endpoint + " (" + path + ")";
        try (Response response = http.newCall(request(url(path)).get().build()).execute()) {
            if (!response.isSuccessful()) {
                throw failure(where, response);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(response.body().byteStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    lines.accept(BatchOutputLine.of(parse(where, line)));
                }
            }
        } catch (IOException e) {
            throw HttpFailureClassifier.fromIo(where, e, apiKey);
        }
    }

    /** An answered line's body as the normal call's answer would have been read. */
    public ModelResponse answer(BatchOutputLine line, boolean chat) {
        return OpenAiClient.parse(endpoint + " (batch line " + line.customId() + ")", line.body().toString(), chat, 0, apiKey);
    }

    private HttpUrl url(String path) {
        return baseUrl.newBuilder().addPathSegments(path).build();
    }

    private Request post(String path, RequestBody body) {
        return request(url(path)).post(body).build();
    }

    private Request.Builder request(HttpUrl url) {
        Request.Builder builder = new Request.Builder().url(url);
        if (apiKey.present()) {
            builder.header("Authorization", apiKey.authorizationHeader());
        }
        return builder;
    }

    private JsonNode send(Request request, String path) {
        String where = endpoint + " (" + path + ")";
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw failure(where, response);
            }
            return parse(where, response.body().string());
        } catch (IOException e) {
            throw HttpFailureClassifier.fromIo(where, e, apiKey);
        }
    }

    private ModelCallException failure(String where, Response response) throws IOException {
        BoundedBody body = BoundedBody.read(response.body(), 64 * 1024);
        return HttpFailureClassifier.fromStatus(where, response.code(), response.message(), body.text(), response.header("Retry-After"), apiKey);
    }

    private JsonNode parse(String where, String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            if (node == null || !node.isObject()) {
                throw HttpFailureClassifier.malformed(where, "response is not a JSON object", text, apiKey);
            }
            return node;
        } catch (JsonProcessingException e) {
            throw HttpFailureClassifier.malformed(where, "response body is not complete JSON", text, apiKey);
        }
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @Override
    public String toString() {
        return "OpenAiBatchClient[" + endpoint + ", key=" + apiKey + "]";
    }
}
