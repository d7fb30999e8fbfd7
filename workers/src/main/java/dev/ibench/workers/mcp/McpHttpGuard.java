package dev.ibench.workers.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.workers.access.Admission;
import dev.ibench.workers.access.RequestGuard;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;

/**
 * The servlet filter in front of the SDK's streamable-HTTP transport: admits the request with a {@link RequestGuard}
 * (token, Host, Origin, per-client limits; a refusal is a JSON-RPC error with the guard's HTTP status), reads a POST
 * body (at most the size limit: else 413) and checks it with the {@link JsonRpcGate} (a malformed message gets 400 and
 * the JSON-RPC error it calls for), and rewrites the SDK's own error answers, which serialize a Java exception with
 * its stack trace, into plain JSON-RPC errors.
 */
final class McpHttpGuard implements Filter {
    /** JSON-RPC code of a refusal by the HTTP guard (the implementation-defined server-error range). */
    static final int REFUSED = -32000;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final JsonRpcGate gate;
    private final int maxBytes;
    private volatile RequestGuard guard;

    McpHttpGuard(JsonRpcGate gate, int maxBytes) {
        this.gate = gate;
        this.maxBytes = maxBytes;
    }

    void admitWith(RequestGuard requestGuard) {
        this.guard = requestGuard;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        RequestGuard current = guard;
        if (current == null) {
            send(response, 503, JsonRpcGate.errorResponse(null, REFUSED, "server starting"));
            return;
        }
        Admission admission = current.admit(InetAddress.getByName(request.getRemoteAddr()), request::getHeader);
        if (admission instanceof Admission.Refused refused) {
            refused.headers().forEach(response::setHeader);
            send(response, refused.status(), JsonRpcGate.errorResponse(null, REFUSED, refused.message()));
            return;
        }
        try {
            HttpServletRequest passed = request;
            if ("POST".equalsIgnoreCase(request.getMethod())) {
                byte[] body = readAtMost(request.getInputStream(), maxBytes + 1L);
                if (body.length > maxBytes) {
                    send(response, 413, gate.tooLarge(Math.max(body.length, request.getContentLengthLong())).error());
                    return;
                }
                JsonRpcGate.Verdict verdict = gate.check(body);
                if (!verdict.passed()) {
                    send(response, 400, verdict.error());
                    return;
                }
                passed = new CachedBody(request, body);
            }
            ErrorScrubbing scrubbing = new ErrorScrubbing(response);
            chain.doFilter(passed, scrubbing);
            scrubbing.finish();
        } finally {
            ((Admission.Admitted) admission).release().run();
        }
    }

    private static byte[] readAtMost(InputStream in, long limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) >= 0) {
            out.write(buf, 0, n);
            if (out.size() >= limit) break;
        }
        return out.toByteArray();
    }

    static void send(HttpServletResponse response, int status, ObjectNode body) throws IOException {
        byte[] bytes = MAPPER.writeValueAsBytes(body);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** The body already read, offered again to the servlet. */
    private static final class CachedBody extends HttpServletRequestWrapper {
        private final byte[] body;

        CachedBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("blocking reads only");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }

    /**
     * Keeps an error answer (status 400 or more, set before the body is written) aside and writes, in its place, a
     * JSON-RPC error with the same code and message but none of the serialized exception around them.
     */
    private static final class ErrorScrubbing extends HttpServletResponseWrapper {
        private ByteArrayOutputStream held;
        private PrintWriter writer;

        ErrorScrubbing(HttpServletResponse response) {
            super(response);
        }

        private boolean holding() {
            if (held == null && getStatus() >= 400) held = new ByteArrayOutputStream();
            return held != null;
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            if (!holding()) return super.getWriter();
            if (writer == null) writer = new PrintWriter(new OutputStreamWriter(held, StandardCharsets.UTF_8));
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (!holding()) return super.getOutputStream();
            return new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new UnsupportedOperationException("blocking writes only");
                }

                @Override
                public void write(int b) {
                    held.write(b);
                }
            };
        }

        void finish() throws IOException {
            if (held == null) return;
            if (writer != null) writer.flush();
            int code = JsonRpcGate.INVALID_REQUEST;
            String message = "request refused (HTTP " + getStatus() + ")";
            try {
                JsonNode sdk = MAPPER.readTree(held.toByteArray());
                JsonNode error = sdk.has("jsonRpcError") ? sdk.get("jsonRpcError") : sdk.path("error");
                if (error.path("code").isIntegralNumber()) code = error.get("code").asInt();
                if (error.path("message").isTextual()) message = error.get("message").asText();
                else if (sdk.path("message").isTextual()) message = sdk.get("message").asText();
            } catch (IOException | RuntimeException notJson) {
                // keep the generic message
            }
            if (!isCommitted()) resetBuffer();
            send((HttpServletResponse) getResponse(), getStatus(), JsonRpcGate.errorResponse(null, code, message));
        }
    }
}
