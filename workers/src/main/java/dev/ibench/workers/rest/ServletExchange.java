package dev.ibench.workers.rest;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One request of the embedded Tomcat seen as the JDK server's {@link HttpExchange}, so {@link RestToolServer} answers
 * it with the same code it used on the JDK server. The request target is parsed here, not by the server: one that is
 * not a valid URI ({@code ?name=%zz%}) leaves {@link #getRequestURI()} null and {@link #malformedTarget()} saying why,
 * and the tool server answers it with its own JSON error (the JDK server refused it with a plain-text 400 before any
 * handler ran).
 */
final class ServletExchange extends HttpExchange {
    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final Headers requestHeaders = new Headers();
    private final Headers responseHeaders = new Headers();
    private final URI uri;
    private final String malformedTarget;
    private InputStream in;
    private OutputStream out;
    private int status = -1;

    ServletExchange(HttpServletRequest request, HttpServletResponse response) throws IOException {
        this.request = request;
        this.response = response;
        for (String name : Collections.list(request.getHeaderNames())) {
            for (String value : Collections.list(request.getHeaders(name))) requestHeaders.add(name, value);
        }
        String target = request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        URI parsed = null;
        String problem = null;
        try {
            parsed = new URI(target);
        } catch (URISyntaxException e) {
            problem = e.getReason() + " at index " + e.getIndex();
        }
        this.uri = parsed;
        this.malformedTarget = problem;
        this.in = request.getInputStream();
        this.out = response.getOutputStream();
    }

    /** Why the request target is not a valid URI, or null when it is. */
    String malformedTarget() {
        return malformedTarget;
    }

    @Override
    public Headers getRequestHeaders() {
        return requestHeaders;
    }

    @Override
    public Headers getResponseHeaders() {
        return responseHeaders;
    }

    @Override
    public URI getRequestURI() {
        return uri;
    }

    @Override
    public String getRequestMethod() {
        return request.getMethod();
    }

    @Override
    public HttpContext getHttpContext() {
        return null;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // the client went away
        }
    }

    @Override
    public InputStream getRequestBody() {
        return in;
    }

    @Override
    public OutputStream getResponseBody() {
        return out;
    }

    /** As the JDK server: {@code length} -1 means no body, 0 a body of unknown length, more its exact length. */
    @Override
    public void sendResponseHeaders(int code, long length) {
        status = code;
        response.setStatus(code);
        for (Map.Entry<String, List<String>> h : responseHeaders.entrySet()) {
            for (String v : h.getValue()) response.addHeader(h.getKey(), v);
        }
        if (length > 0) response.setContentLengthLong(length);
        else if (length < 0) response.setContentLengthLong(0);
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return address(request.getRemoteAddr(), request.getRemotePort());
    }

    @Override
    public int getResponseCode() {
        return status;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return address(request.getLocalAddr(), request.getLocalPort());
    }

    private static InetSocketAddress address(String literal, int port) {
        try {
            return new InetSocketAddress(InetAddress.getByName(literal), port); // an IP literal: no lookup
        } catch (java.net.UnknownHostException e) {
            return InetSocketAddress.createUnresolved(literal, port);
        }
    }

    @Override
    public String getProtocol() {
        return request.getProtocol();
    }

    @Override
    public Object getAttribute(String name) {
        return request.getAttribute(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
        request.setAttribute(name, value);
    }

    @Override
    public void setStreams(InputStream i, OutputStream o) {
        if (i != null) in = i;
        if (o != null) out = o;
    }

    @Override
    public HttpPrincipal getPrincipal() {
        return null;
    }
}
