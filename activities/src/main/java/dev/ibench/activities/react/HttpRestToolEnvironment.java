package dev.ibench.activities.react;

import dev.ibench.activities.llm.client.CallCancellation;
import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * REST actions as real HTTP calls: an action {@code Action: getHeroByName} with {@code Action Input: {"name": "x"}} is
 * {@code GET <base URL><path of getHeroByName>?name=x} against the server serving the eval set's published endpoints,
 * and the observation is the response: {@code HTTP <status>: <body>} ({@link ReactObservations#http}). Calls are
 * stateless, so earlier actions are not replayed and there is no step 0 note (the seed's G.1 prompt has none). A 2xx
 * response is a successful action; 4xx/5xx responses are the agent's tool errors it sees. A tool name that is not a
 * published endpoint gets an error observation without a request (there is no URL to call). A server that does not
 * answer, or answers 503, is {@link ToolEnvironmentUnavailableException retryable infrastructure}.
 */
public final class HttpRestToolEnvironment implements ReactToolEnvironment {
    /** What step 0 is stored as: nothing runs before the first action. */
    public static final String OPENING_STEP = "rest_endpoints";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Path endpointsFile;
    private final Map<String, EndpointSpec> endpoints;
    private final RestEndpointServers servers;
    private final HttpClient http;

    /** The environment of one REST eval set ({@code *-rest.json}), from the endpoints file next to it. */
    public static HttpRestToolEnvironment forEvalSet(Path evalSet, RestEndpointServers servers, HttpClient http) {
        RestPublication publication = RestPublication.ofEvalSet(evalSet);
        return new HttpRestToolEnvironment(RestPublication.endpointsFileOf(evalSet),
                publication.endpoints().stream().collect(Collectors.toMap(EndpointSpec::name, Function.identity(), (a, b) -> a)), servers, http);
    }

    private HttpRestToolEnvironment(Path endpointsFile, Map<String, EndpointSpec> endpoints, RestEndpointServers servers, HttpClient http) {
        this.endpointsFile = endpointsFile;
        this.endpoints = endpoints;
        this.servers = servers;
        this.http = http;
    }

    @Override
    public ReactOpening open(EvalSample sample) throws ToolEnvironmentUnavailableException {
        servers.baseUrl(endpointsFile); // the server must be up before the agent starts
        return new ReactOpening(OPENING_STEP, "");
    }

    @Override
    public ActionObservation act(EvalSample sample, List<ToolCall> earlier, ToolCall call) throws ToolEnvironmentUnavailableException {
        EndpointSpec endpoint = endpoints.get(call.name());
        if (endpoint == null) {
            return new ActionObservation("Error: " + call.name() + " is not an endpoint of this API", false);
        }
        String base = servers.baseUrl(endpointsFile).toString();
        URI uri = URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + endpoint.path() + query(call.arguments()));
        HttpResponse<String> response = send(uri);
        if (response.statusCode() == 503) {
            throw new ToolEnvironmentUnavailableException("GET " + uri + " answered 503: " + response.body(), true, null);
        }
        boolean ok = response.statusCode() / 100 == 2;
        return new ActionObservation(ReactObservations.http(response.statusCode(), response.body()), ok);
    }

    /**
     * The request, abortable from another thread: the activity's heartbeat, once it learns the step was cancelled,
     * cancels the thread's {@link CallCancellation} scope, which cancels the exchange (closing its connection) instead
     * of waiting for the response up to the timeout.
     */
    private HttpResponse<String> send(URI uri) throws ToolEnvironmentUnavailableException {
        CompletableFuture<HttpResponse<String>> exchange =
                http.sendAsync(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
        try (CallCancellation.Registration abortable = CallCancellation.onCancel(() -> exchange.cancel(true))) {
            return exchange.get();
        } catch (CancellationException e) {
            throw new ToolEnvironmentUnavailableException("GET " + uri + " cancelled", false, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new ToolEnvironmentUnavailableException("GET " + uri + " failed: " + cause, true, cause);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new ToolEnvironmentUnavailableException("GET " + uri + " interrupted", true, e);
        }
    }

    /** The query string of the call's arguments in their order ({@code ?a=1&b=x}); null arguments are left out. */
    static String query(Map<String, Object> arguments) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Object> e : arguments.entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            out.append(out.length() == 0 ? '?' : '&').append(encode(e.getKey())).append('=').append(encode(String.valueOf(e.getValue())));
        }
        return out.toString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
