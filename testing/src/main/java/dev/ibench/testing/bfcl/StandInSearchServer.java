package dev.ibench.testing.bfcl;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * TEST TOOL, not a search service: a stand-in of SerpAPI's search endpoint and of the web pages its results link to, on
 * 127.0.0.1, for bfcl-eval's {@code WebSearchAPI} pointed at it (its runner's {@code IBENCH_BFCL_SEARCH_URL}). It
 * answers {@code GET /search?engine=duckduckgo&q=...&kl=...&api_key=...} (what SerpAPI's Python client
 * {@code GoogleSearch.get_dict} sends) with the results recorded for that exact query as SerpAPI's JSON
 * ({@code {"organic_results": [{"position", "title", "link", "snippet"}]}}), a query without a recording with SerpAPI's
 * no-results error, and a wrong or missing key with 401 and SerpAPI's key error; and {@code GET /page/NAME} with the
 * page's recorded HTML (404 for an unknown page). Result links point at those loopback pages. Everything it serves is
 * what the test recorded in it: it never fetches anything. It remembers every search and page request, so a test can
 * tell that the backend really ran.
 */
public final class StandInSearchServer implements AutoCloseable {
    /** A recorded search result: its title, the recorded page it links to (by name) and its snippet. */
    public record Result(String title, String page, String snippet) {}

    /** A search request as received: the query, engine, region and whether it carried the expected key. */
    public record Search(String query, String engine, String region, boolean keyAccepted) {}

    private final HttpServer server;
    private final String apiKey;
    private final Map<String, List<Result>> results;
    private final Map<String, String> pages;
    private final List<Search> searches = new CopyOnWriteArrayList<>();
    private final List<String> pageRequests = new CopyOnWriteArrayList<>();

    private StandInSearchServer(String apiKey, Map<String, List<Result>> results, Map<String, String> pages) throws IOException {
        this.apiKey = apiKey;
        this.results = Map.copyOf(results);
        this.pages = Map.copyOf(pages);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/search", this::search);
        server.createContext("/page/", this::page);
        server.start();
    }

    /**
     * Starts the server on a free loopback port: {@code results} the recorded results by exact query, {@code pages} the
     * recorded HTML by page name; only {@code apiKey} is accepted.
     */
    public static StandInSearchServer start(String apiKey, Map<String, List<Result>> results, Map<String, String> pages) {
        try {
            return new StandInSearchServer(apiKey, results, pages);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A server with a numbered recording for {@code questions} questions: question {@code i}'s query is {@link #query}
     * {@code (i)}, answered with two results, "Result A i" (page {@code qi-a}, snippet "Snippet A i") and "Result B i"
     * (page {@code qi-b}); every page has a title, a style and a script ({@code var hidden}) in its head and in its body a
     * heading, "The answer is here, in bold" in a paragraph and a list.
     */
    public static StandInSearchServer startNumbered(String apiKey, int questions) {
        Map<String, List<Result>> results = new LinkedHashMap<>();
        Map<String, String> pages = new LinkedHashMap<>();
        for (int i = 0; i < questions; i++) {
            results.put(query(i), List.of(new Result("Result A " + i, "q" + i + "-a", "Snippet A " + i),
                    new Result("Result B " + i, "q" + i + "-b", "Snippet B " + i)));
            for (String side : List.of("a", "b")) {
                pages.put("q" + i + "-" + side, "<html><head><title>Page " + i + side + "</title><style>p { color: red; }</style>"
                        + "<script>var hidden = 1;</script></head><body><h1>Recorded page " + i + side + "</h1>"
                        + "<p>The answer is here, <b>in bold</b>.</p><ul><li>one</li><li>two</li></ul></body></html>");
            }
        }
        return start(apiKey, results, pages);
    }

    /** The query of question {@code i} in a {@link #startNumbered} recording. */
    public static String query(int i) {
        return "stand-in question " + i;
    }

    /** SerpAPI's endpoint here ({@code http://127.0.0.1:PORT}), where its client appends {@code /search}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The loopback URL of a recorded page. */
    public String pageUrl(String page) {
        return baseUrl() + "/page/" + page;
    }

    public List<Search> searches() {
        return List.copyOf(searches);
    }

    /** The names of the pages requested, in order. */
    public List<String> pageRequests() {
        return List.copyOf(pageRequests);
    }

    private void search(HttpExchange exchange) throws IOException {
        Map<String, String> params = query(exchange.getRequestURI().getRawQuery());
        String q = params.getOrDefault("q", "");
        boolean keyAccepted = apiKey.equals(params.get("api_key"));
        searches.add(new Search(q, params.get("engine"), params.get("kl"), keyAccepted));
        ObjectNode body = Json.MAPPER.createObjectNode();
        if (!keyAccepted) {
            body.put("error", "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key");
            send(exchange, 401, "application/json", body.toString());
            return;
        }
        List<Result> recorded = results.get(q);
        if (recorded == null) {
            body.put("error", "DuckDuckGo hasn't returned any results for this query.");
            send(exchange, 200, "application/json", body.toString());
            return;
        }
        ArrayNode organic = body.putArray("organic_results");
        for (int i = 0; i < recorded.size(); i++) {
            Result r = recorded.get(i);
            organic.addObject().put("position", i + 1).put("title", r.title()).put("link", pageUrl(r.page())).put("snippet", r.snippet());
        }
        send(exchange, 200, "application/json", body.toString());
    }

    private void page(HttpExchange exchange) throws IOException {
        String name = exchange.getRequestURI().getPath().substring("/page/".length());
        pageRequests.add(name);
        String html = pages.get(name);
        if (html == null) {
            send(exchange, 404, "text/html; charset=utf-8", "<html><body>Not Found</body></html>");
            return;
        }
        send(exchange, 200, "text/html; charset=utf-8", html);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw == null) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            params.put(key, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
