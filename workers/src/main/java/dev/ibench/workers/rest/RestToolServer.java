package dev.ibench.workers.rest;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.sun.net.httpserver.HttpExchange;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.ArgumentBinder;
import dev.ibench.core.rest.EndpointExecutor;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.InvalidArgumentException;
import dev.ibench.core.rest.OpenApiDocument;
import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.access.Admission;
import dev.ibench.workers.access.RequestGuard;
import dev.ibench.workers.access.ServedAccess;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST tool server: every published endpoint as {@code GET <path>?<params>}, answered by its SQL template as a
 * prepared statement on a read-only connection; {@code /openapi.json} (derived from the same specs) and an offline
 * API page at {@code /} and {@code /docs}. Parameters are checked against the spec (unknown, missing, repeated or
 * ill-typed: 400 naming the parameter); request targets longer than {@link #MAX_URI} get 414, request bodies
 * larger than {@link #MAX_BODY} get 413, methods other than GET/HEAD get 405. Binds loopback unless told otherwise.
 * Successful answers are kept in a {@link ResponseCache} (the databases are read-only), so a repeated call runs no SQL.
 * Served by embedded Tomcat (NIO; the same server as MCP over HTTP), each request handed to this class as an
 * {@link com.sun.net.httpserver.HttpExchange} ({@link ServletExchange}); a request target that is not a valid URI
 * ({@code ?name=%zz%}) gets this server's JSON 400, and Tomcat's own refusals are JSON too ({@link RestErrorReportValve}).
 */
public final class RestToolServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestToolServer.class);
    public static final int MAX_URI = 8192;
    public static final int MAX_BODY = 16 * 1024;
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final long DEFAULT_CACHE_BYTES = 64L << 20;
    /** Request threads (and read-only connections per database) at most. */
    public static final int MAX_THREADS = 256;
    /**
     * Connections open at once at most (Tomcat's {@code maxConnections}); more wait in the operating system's accept
     * queue ({@link #ACCEPT_QUEUE}) and are refused beyond it. Tomcat's NIO connector reads a request's line and
     * headers without holding a thread, so slow clients take no request thread.
     */
    public static final int MAX_OPEN_REQUESTS = 512;
    /** Connections waiting to be accepted beyond {@link #MAX_OPEN_REQUESTS}. */
    public static final int ACCEPT_QUEUE = 128;
    /**
     * Seconds a client may stay silent while sending its request (line, headers, body) or reading an answer, and an
     * idle keep-alive connection is kept; then the server closes the connection (Tomcat's {@code connectionTimeout}).
     */
    public static final int REQUEST_READ_SECONDS = 10;
    /** Bytes of request line and headers at most (Tomcat's {@code maxHttpHeaderSize}): room for a {@link #MAX_URI} target and headers. */
    public static final int MAX_HEADER_BYTES = 32 * 1024;

    private final PublishedEndpoints endpoints;
    private final EndpointExecutor executor;
    private final ReadOnlyConnectionPool connections;
    private final byte[] openApi;
    private final byte[] page;
    private final Tomcat tomcat;
    private final ScratchFolder scratch;
    private final Path baseDir;
    private final InetSocketAddress bound;
    private final AtomicLong endpointCalls = new AtomicLong();
    private final ResponseCache cache;
    private final RequestGuard guard;

    /** Starts serving with a response cache of {@link #DEFAULT_CACHE_BYTES}; port 0 picks a free port ({@link #port()}). */
    public RestToolServer(PublishedEndpoints endpoints, String host, int port, int threads, int maxRows) throws IOException {
        this(endpoints, host, port, threads, maxRows, DEFAULT_CACHE_BYTES);
    }

    /** Starts serving; port 0 picks a free port ({@link #port()}); {@code cacheBytes} 0 turns the response cache off. */
    public RestToolServer(PublishedEndpoints endpoints, String host, int port, int threads, int maxRows, long cacheBytes) throws IOException {
        this(endpoints, host, port, threads, maxRows, cacheBytes, ServedAccess.DEFAULT);
    }

    /** Starts serving with the given access settings; Tomcat's folder in the scratch folder of {@link IbenchHome#resolve()}. */
    public RestToolServer(PublishedEndpoints endpoints, String host, int port, int threads, int maxRows, long cacheBytes, ServedAccess access)
            throws IOException {
        this(endpoints, host, port, threads, maxRows, cacheBytes, access, IbenchHome.resolve().scratch());
    }

    /**
     * Starts serving with the given access settings (token, Host/Origin allowances, per-client limits); Tomcat's folder
     * is a new folder of {@code scratch}, removed on {@link #close()}.
     */
    public RestToolServer(PublishedEndpoints endpoints, String host, int port, int threads, int maxRows, long cacheBytes, ServedAccess access,
                          ScratchFolder scratch) throws IOException {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be between 1 and " + MAX_THREADS + ", got " + threads);
        }
        if (maxRows < 1) {
            throw new IllegalArgumentException("--max-rows must be at least 1, got " + maxRows);
        }
        this.endpoints = endpoints;
        this.cache = new ResponseCache(cacheBytes);
        this.executor = new EndpointExecutor(30, maxRows);
        this.connections = new ReadOnlyConnectionPool(threads);
        List<EndpointSpec> specs = new ArrayList<>();
        for (ServedEndpoint e : endpoints.all()) specs.add(e.spec());
        Map<String, Object> doc = OpenApiDocument.of("ibench REST tools", specs);
        ObjectWriter w = Json.MAPPER.writerWithDefaultPrettyPrinter();
        this.openApi = w.writeValueAsBytes(doc);
        this.page = ApiPage.html(endpoints.all()).getBytes(StandardCharsets.UTF_8);
        this.scratch = scratch;
        this.baseDir = scratch.newFolder("serve-tools");
        this.tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setProperty("connectionTimeout", Integer.toString(REQUEST_READ_SECONDS * 1000));
        connector.setProperty("maxConnections", Integer.toString(MAX_OPEN_REQUESTS));
        connector.setProperty("acceptCount", Integer.toString(ACCEPT_QUEUE));
        // request threads: SQL runs on at most `threads` connections per database anyway
        connector.setProperty("maxThreads", Integer.toString(threads));
        connector.setProperty("minSpareThreads", Integer.toString(threads));
        connector.setProperty("maxHttpHeaderSize", Integer.toString(MAX_HEADER_BYTES));
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("tcpNoDelay", "true");
        connector.setProperty("server", "ibench");
        tomcat.setConnector(connector);
        ((StandardHost) tomcat.getHost()).setErrorReportValveClass(RestErrorReportValve.class.getName());
        Context context = tomcat.addContext("", baseDir.toString());
        Tomcat.addServlet(context, "rest", new HttpServlet() {
            @Override
            protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
                handle(new ServletExchange(request, response));
            }
        });
        context.addServletMappingDecoded("/", "rest");
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            deleteBaseDir();
            throw new IOException("cannot start the REST tool server on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        if (tomcat.getConnector().getLocalPort() < 0) {
            close();
            throw new IOException("cannot bind the REST tool server to " + host + ":" + port + " (address in use or not this machine's)");
        }
        this.bound = new InetSocketAddress(InetAddress.getByName(host), tomcat.getConnector().getLocalPort());
        this.guard = new RequestGuard(access, bound);
    }

    ResponseCache cache() {
        return cache;
    }

    public int port() {
        return bound.getPort();
    }

    public InetSocketAddress address() {
        return bound;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            answer(ex);
        }
    }

    /** Answers one exchange; an unexpected failure still gets a JSON answer (and a log line), not a closed connection. */
    private void answer(HttpExchange ex) throws IOException {
        Admission admission = guard.admit(ex.getRemoteAddress().getAddress(), ex.getRequestHeaders()::getFirst);
        if (admission instanceof Admission.Refused refused) {
            refused.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
            error(ex, refused.status(), refused.message(), null);
            return;
        }
        try {
            answerAdmitted(ex);
        } finally {
            ((Admission.Admitted) admission).release().run();
        }
    }

    private void answerAdmitted(HttpExchange ex) throws IOException {
        try {
            String method = ex.getRequestMethod();
            if (ex instanceof ServletExchange s && s.malformedTarget() != null) {
                error(ex, 400, "malformed request target: " + s.malformedTarget(), null);
                return;
            }
            if (ex.getRequestURI().getRawPath().length() + (ex.getRequestURI().getRawQuery() == null ? 0 : ex.getRequestURI().getRawQuery().length()) > MAX_URI) {
                error(ex, 414, "request target longer than " + MAX_URI + " characters", null);
                return;
            }
            if (!bodyWithinLimit(ex)) {
                error(ex, 413, "request body larger than " + MAX_BODY + " bytes", null);
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                ex.getResponseHeaders().set("Allow", "GET, HEAD");
                error(ex, 405, "method " + method + " not allowed; endpoints are read-only GETs", null);
                return;
            }
            String path = ex.getRequestURI().getPath();
            switch (path) {
                case "/openapi.json" -> send(ex, 200, "application/json", openApi);
                case "/", "/docs" -> send(ex, 200, "text/html; charset=utf-8", page);
                default -> call(ex, path);
            }
        } catch (RuntimeException e) {
            String incident = UUID.randomUUID().toString().substring(0, 8);
            LOG.warn("incident {}: {} {} failed", incident, ex.getRequestMethod(), ex.getRequestURI().getRawPath(), e);
            error(ex, 500, "internal error (" + e.getClass().getSimpleName() + "); the server log has the details under incident "
                    + incident, null);
        }
    }

    private static boolean bodyWithinLimit(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > MAX_BODY) return false;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        // chunked or unannounced bodies: read at most MAX_BODY + 1 bytes
        InputStream in = ex.getRequestBody();
        byte[] buf = new byte[4096];
        long total = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            total += n;
            if (total > MAX_BODY) return false;
        }
        return true;
    }

    /** How many requests reached an endpoint path (not {@code /openapi.json} or the API page), whatever their status. */
    public long endpointCalls() {
        return endpointCalls.get();
    }

    private void call(HttpExchange ex, String path) throws IOException {
        endpointCalls.incrementAndGet();
        ServedEndpoint e = endpoints.at(path);
        if (e == null) {
            error(ex, 404, "no endpoint at " + path + "; see /openapi.json", null);
            return;
        }
        Map<String, List<String>> raw;
        try {
            raw = QueryString.parse(ex.getRequestURI().getRawQuery());
        } catch (IllegalArgumentException bad) {
            error(ex, 400, bad.getMessage(), null);
            return;
        }
        List<Object> values;
        try {
            values = ArgumentBinder.bind(e.spec(), raw);
        } catch (InvalidArgumentException bad) {
            error(ex, 400, bad.getMessage(), bad.parameter());
            return;
        }
        ResponseCache.Key key = new ResponseCache.Key(path, values);
        byte[] cached = cache.get(key);
        if (cached != null) {
            send(ex, 200, "application/json", cached);
            return;
        }
        byte[] body;
        Connection c = null;
        try {
            c = connections.borrow(e.database());
            body = Json.MAPPER.writeValueAsBytes(executor.executeBound(c, e.spec(), values).toJson());
        } catch (SQLException failed) {
            // SQL text and SQLite's messages describe the schema and the query: log them, answer a code and an incident id
            String incident = UUID.randomUUID().toString().substring(0, 8);
            LOG.warn("incident {}: endpoint {} failed: {}", incident, e.spec().name(), failed.getMessage());
            Map<String, Object> failure = new LinkedHashMap<>();
            failure.put("error", "the endpoint's query failed; the server log has the details under incident " + incident);
            failure.put("code", "query_failed");
            failure.put("incident", incident);
            send(ex, 500, "application/json", Json.MAPPER.writeValueAsBytes(failure));
            return;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            error(ex, 503, "server shutting down", null);
            return;
        } finally {
            // back to the pool before the answer is written: a slow reader must not hold a connection
            if (c != null) connections.release(e.database(), c);
        }
        cache.put(key, body);
        send(ex, 200, "application/json", body);
    }

    private static void error(HttpExchange ex, int status, String message, String parameter) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        if (parameter != null) body.put("parameter", parameter);
        send(ex, status, "application/json", Json.MAPPER.writeValueAsBytes(body));
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            LOG.warn("stopping the REST tool server: {}", e.getMessage());
        }
        connections.close();
        deleteBaseDir();
    }

    private void deleteBaseDir() {
        try {
            scratch.delete(baseDir);
        } catch (java.io.UncheckedIOException e) {
            // a folder left behind is removed by a later sweep of the scratch folder
        }
    }


}
