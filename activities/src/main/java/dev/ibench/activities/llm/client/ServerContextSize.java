package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * The context size an OpenAI-compatible server says it serves, where it says it: llama.cpp's llama-server in
 * {@code GET /props} ({@code default_generation_settings.n_ctx}, at the server root, beside {@code /v1}); vLLM in
 * {@code GET /v1/models} ({@code data[].max_model_len} of the served model). Servers that say neither (OpenAI, Ollama)
 * give empty. Never throws: the probe is advice for {@code ibench model check}, not a precondition.
 */
public final class ServerContextSize {
    /** A context size and where it was read, e.g. {@code 8192} from {@code http://127.0.0.1:8080/props}. */
    public record Found(int tokens, String source) {}

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ServerContextSize() {}

    /** @param baseUrl the profile's base URL (e.g. {@code http://127.0.0.1:8080/v1}); {@code model} picks the vLLM entry */
    public static Optional<Found> probe(String baseUrl, String model, ApiKey key) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        String root = base.endsWith("/v1") ? base.substring(0, base.length() - 3) : base;
        Optional<JsonNode> props = get(http, root + "/props", key);
        if (props.isPresent()) {
            JsonNode nCtx = props.get().path("default_generation_settings").path("n_ctx");
            if (nCtx.canConvertToInt() && nCtx.asInt() > 0) {
                return Optional.of(new Found(nCtx.asInt(), root + "/props"));
            }
        }
        Optional<JsonNode> models = get(http, base + "/models", key);
        if (models.isPresent()) {
            for (JsonNode m : models.get().path("data")) {
                JsonNode len = m.path("max_model_len");
                if (len.canConvertToInt() && len.asInt() > 0 && (model == null || model.equals(m.path("id").asText()) || models.get().path("data").size() == 1)) {
                    return Optional.of(new Found(len.asInt(), base + "/models"));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<JsonNode> get(HttpClient http, String url, ApiKey key) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET();
            if (key.present()) {
                request.header("Authorization", key.authorizationHeader());
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(Json.MAPPER.readTree(response.body())) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
