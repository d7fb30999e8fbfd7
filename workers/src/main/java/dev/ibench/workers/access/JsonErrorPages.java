package dev.ibench.workers.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's error pages for a served tool server (a request Tomcat itself refuses, such as an invalid character in the
 * request target): a JSON body naming the HTTP status, never Tomcat's HTML page, its version or a stack trace. Each
 * server says what the body is; Tomcat instantiates the subclass by name.
 */
public abstract class JsonErrorPages extends ErrorReportValve {
    protected JsonErrorPages() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    /** The JSON answered for an error with HTTP {@code status}. */
    protected abstract String body(int status);

    @Override
    protected final void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.getOutputStream().write(body(status).getBytes(StandardCharsets.UTF_8));
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client went away
        }
    }
}
